import ShellTestSupport
import Testing

@testable import StormrangeBase
@testable import StormrangeShell

@Suite struct StatsCommandTests {
  @Test func onePerStorm() throws {
    let test = TestSession()
    test.clock.moment = Moment(wall: ISO8601Time.parse("2026-07-02T00:00:00Z")!, monotonic: 1000)
    test.runAll([
      "add 10 at 2026-07-01T12:00:00Z", "add 20 at 2026-07-01T12:10:00Z", "add 30 at 2026-07-01T12:20:00Z",
      "add 6 at 2026-07-01T18:00:00Z",
    ])
    _ = test.output.take()
    #expect(!test.run("stats"))
    let lines = test.output.take().split(separator: "\n").map(String.init)
    try #require(lines.count == 4)
    #expect(lines[0] == "storm  start             end    count  nearest  farthest     mean")
    #expect(lines[1] == "    1  2026-07-01 12:00  12:20      3  3.43 km  10.30 km  6.86 km")
    #expect(lines[2].hasSuffix("1  2.06 km   2.06 km  2.06 km"))
    #expect(lines[3] == "2 storms, 4 measurements; storm 2 is the current one")
  }
}
