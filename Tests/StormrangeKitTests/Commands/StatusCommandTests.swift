import Testing

@testable import StormrangeBase
@testable import StormrangeKit

@Suite struct StatusCommandTests {
  @Test func statusReportsDistanceTrendAdviceAndCountdown() throws {
    let test = approachingStorm()
    #expect(!test.run("status"))
    let lines = test.output.take().split(separator: "\n").map(String.init)
    try #require(lines.count == 7)
    #expect(
      lines[0]
        == "latest     #4  5.83 km ± 0.15 km  (delay 17.00 s, flash at \(local("2026-07-01T15:55:00Z")), 1 min ago)"
    )
    #expect(
      lines[1]
        == "storm      4 measurements from \(local("2026-07-01T15:40:00Z")) to \(local("2026-07-01T15:55:00Z")) (15 min)"
    )
    #expect(lines[2] == "trend      approaching at 29 ± 5 km/h; already within 10 km")
    #expect(
      lines[3]
        == "motion     not known yet: needs bearings on 3 measurements (0 so far)"
    )
    #expect(
      lines[4]
        == "advice     SHELTER NOW: thunder was heard 1 min ago (\(local("2026-07-01T15:55:17Z"))); when thunder roars, go indoors"
    )
    #expect(lines[5] == "           lightning within about 10 km in the last 30 minutes")
    // Last thunder at 15:55:17, all clear at 16:25:17.
    #expect(
      lines[6] == "all clear  in 29:17 (at \(local("2026-07-01T16:25:17Z"))) if no more thunder is heard")
    #expect(test.errors.text.isEmpty)
  }

  @Test func theCountdownFollowsTheSessionClock() {
    let test = approachingStorm()
    test.clock.advance(600)
    test.run("status")
    #expect(test.output.take().contains("all clear  in 19:17 "))
    test.clock.advance(1156)
    test.run("status")
    #expect(test.output.take().contains("all clear  in 00:01 "))
    test.clock.advance(1)
    test.run("status")
    let text = test.output.take()
    #expect(text.contains("advice     all clear: the last thunder was 30 min ago"))
    #expect(!text.contains("all clear  in"))
  }

  @Test func arrivalTimeWhileStillFarther() throws {
    let test = TestSession()
    test.clock.moment = Moment(wall: ISO8601Time.parse("2026-07-01T15:51:00Z")!, monotonic: 1000)
    // 60, 54, 48 s of delay (20.6, 18.5, 16.5 km) five minutes apart: 2.06 km per 5 min, 24.7 km/h.
    test.runAll([
      "add 60 at 2026-07-01T15:40:00Z", "add 54 at 2026-07-01T15:45:00Z", "add 48 at 2026-07-01T15:50:00Z",
    ])
    _ = test.output.take()
    test.run("status")
    let text = test.output.take()
    // 10 km is 6.47 km beyond the last (fitted) point: 15.7 minutes after 15:50, i.e. about 16:05:42.
    let arrival = String(local("2026-07-01T16:05:42Z").prefix(5))
    #expect(
      text.contains("trend      approaching at 25 ± 9 km/h; within 10 km in about 15 min (\(arrival))"),
      "\(text)"
    )
    // Thunder heard is shelter, however far: 16.5 km is not within 10 km, so that is not said.
    #expect(text.contains("advice     SHELTER NOW: thunder was heard under a minute ago"))
    #expect(!text.contains("lightning within about 10 km"))
  }

  @Test func fewerThanThreeMeasurementsHaveNoTrendYet() {
    let test = TestSession()
    test.runAll(["add 12"])
    _ = test.output.take()
    test.run("status")
    #expect(test.output.take().contains("trend      needs 3 measurements in this storm (2 more)"))
  }

  @Test func anEmptyHistoryIsNotAnError() {
    let test = TestSession()
    #expect(!test.run("status"))
    #expect(test.output.take().hasPrefix("no measurements yet"))
    #expect(test.run("status now"))
  }

  @Test func imperialUnitsGiveMilesPerHour() {
    let test = approachingStorm()
    test.runAll(["set unit mi"])
    _ = test.output.take()
    test.run("status")
    let text = test.output.take()
    #expect(text.contains("approaching at 18 ± 3 mph; already within 10 km (6.21 mi)"))
    #expect(text.contains("#4  3.63 mi ± 0.10 mi"))
  }
}
