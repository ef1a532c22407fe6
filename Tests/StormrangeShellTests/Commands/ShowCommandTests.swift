import ShellTestSupport
import Testing

@testable import StormrangeBase
@testable import StormrangeShell

@Suite struct ShowCommandTests {
  @Test func showListsOldestFirstOrTheLastN() throws {
    let test = TestSession()
    test.runAll([
      "add 3 at 2026-07-01T15:00:00Z", "add 6 at 2026-07-01T15:05:00Z note closer?",
      "add 9 at 2026-07-01T15:10:00Z",
    ])
    _ = test.output.take()
    test.runAll(["show"])
    let lines = test.output.take().split(separator: "\n")
    try #require(lines.count == 4)
    #expect(lines[1].contains("2026-07-01 15:00:00"))
    #expect(lines[2].hasSuffix("closer?"))
    test.runAll(["show 2"])
    let last = test.output.take().split(separator: "\n")
    try #require(last.count == 3)
    #expect(last[1].hasPrefix("2  "))
    #expect(test.run("show 0"))
    #expect(test.run("show x"))
  }

  @Test func datesAreShownInTheSessionsZone() throws {
    let test = TestSession()
    test.session.localTime = LocalTime(offsetFromUTC: -(3 * 3600 + 30 * 60))
    test.runAll(["add 3 at 2026-07-01T02:00:00Z", "show"])
    let lines = test.output.take().split(separator: "\n")
    try #require(lines.count == 3)
    #expect(lines[2].hasPrefix("1  2026-06-30 22:30:00  "))
  }

  @Test func showSaysSoWhenEmpty() {
    let test = TestSession()
    test.runAll(["show"])
    #expect(test.output.text.contains("no measurements"))
  }
}
