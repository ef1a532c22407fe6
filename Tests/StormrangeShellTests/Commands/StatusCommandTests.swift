import ShellTestSupport
import Testing

@testable import StormrangeBase
@testable import StormrangeShell

@Suite struct StatusCommandTests {
  @Test func statusReportsDistanceTrendAdviceAndCountdown() throws {
    let test = approachingStorm()
    #expect(!test.run("status"))
    let lines = test.output.take().split(separator: "\n").map(String.init)
    try #require(lines.count == 9)
    #expect(
      lines[0]
        == "latest     #4  5.83 km ± 0.15 km  (delay 17.00 s, flash at \(local("2026-07-01T15:55:00Z")), 1 min ago)"
    )
    #expect(
      lines[1]
        == "storm      4 measurements from \(local("2026-07-01T15:40:00Z")) to \(local("2026-07-01T15:55:00Z")) (15 min)"
    )
    // Four ranges, each as measured: too few for the medians.
    #expect(lines[2] == "ranges     13.0, 10.6, 8.2, 5.8 km in 15 min, as measured")
    // Four ranges over 15 minutes, the last 5.8 km away, without bearings: the storm may be passing
    // close by, so which way the range goes now is uncertain, and the text says how it leans.
    #expect(lines[3] == "trend      steady: approaching 6 in 10, receding 1 in 10 (closing at 11 ± 17 km/h)")
    #expect(lines[4] == "chance     already within 10 km: the storm's centre, as estimated, is inside")
    // Not told from rest: no speed as if it had been measured.
    #expect(
      lines[5]
        == "motion     not seen to move: it may be still, or moving at up to about 70 km/h; the measurements cannot tell yet")
    #expect(
      lines[6]
        == "advice     SHELTER NOW: thunder was heard 1 min ago (\(local("2026-07-01T15:55:17Z"))); when thunder roars, go indoors"
    )
    #expect(lines[7] == "           lightning within about 10 km in the last 30 minutes")
    // Last thunder at 15:55:17, all clear at 16:25:17.
    #expect(
      lines[8] == "all clear  in 29:17 (at \(local("2026-07-01T16:25:17Z"))) if no more thunder is heard")
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
    // From 30.9 km to 16.5 km (90 s to 48 s of delay) over 20 minutes, every two: 43 km/h closer.
    test.runAll(
      stride(from: 0, through: 10, by: 1).map { step in
        let minute = 30 + 2 * step
        return "add \(90 - Double(step) * 4.2) at 2026-07-01T15:\(minute):00Z"
      })
    _ = test.output.take()
    test.run("status")
    let text = test.output.take()
    // The chance, then the likeliest time and the 5th to the 95th percentile of the arrival, in
    // whole minutes rounded outward, and as clock times.
    let lines = text.split(separator: "\n")
    let trend = try #require(lines.first { $0.hasPrefix("trend") })
    #expect(trend.wholeMatch(of: /trend      approaching at \d+ ± \d+ km\/h/) != nil, "\(text)")
    let chance = try #require(lines.firstIndex { $0.hasPrefix("chance") })
    #expect(
      lines[chance].wholeMatch(of: /chance     \d in 10 of coming within 10 km in the next 30 min/) != nil,
      "\(text)")
    #expect(
      lines[chance + 1].wholeMatch(
        of:
          /\ {11}if it comes \(within 3 h\): most likely at \d\d:\d\d, in (\d+)–(\d+) min \(\d\d:\d\d–\d\d:\d\d\)/
      ) != nil, "\(text)")
    // Thunder heard is shelter, however far: 16.5 km is not within 10 km, so that is not said.
    #expect(text.contains("advice     SHELTER NOW: thunder was heard under a minute ago"))
    #expect(!text.contains("lightning within about 10 km"))
  }

  @Test func fewerThanThreeMeasurementsHaveNoTrendYet() {
    let test = TestSession()
    test.runAll(["add 12"])
    _ = test.output.take()
    test.run("status")
    let text = test.output.take()
    // Both what it needs in count and in time, at once.
    #expect(text.contains("trend      needs 3 measurements over at least 5 min in this storm (2 more)"))
    // A chance from the first flash on.
    #expect(text.contains("chance     "))
  }

  @Test func anEmptyHistoryIsNotAnError() {
    let test = TestSession()
    #expect(!test.run("status"))
    #expect(test.output.take().hasPrefix("no measurements yet"))
    #expect(test.run("status now"))
  }

  /// A flash timed before any measurement: the stopwatch is what is going on, and is said.
  @Test func anEmptyHistoryWhileAFlashIsTimedMentionsTheStopwatch() {
    let test = TestSession(mode: .interactive)
    test.runAll(["flash"])
    test.clock.advance(4.5)
    _ = test.output.take()
    test.runAll(["status"])
    #expect(
      test.output.take()
        == "no measurements yet; the stopwatch is running: a flash 4 s ago, waiting for its thunder: "
        + "type 'thunder' when you hear it\n")
  }

  @Test func imperialUnitsGiveMilesPerHour() {
    let test = approachingStorm()
    test.runAll(["set unit mi"])
    _ = test.output.take()
    test.run("status")
    let text = test.output.take()
    #expect(text.contains("steady: approaching 6 in 10, receding 1 in 10 (closing at 7 ± 10 mph)"))
    #expect(text.contains("moving at up to about 45 mph"))
    #expect(text.contains("#4  3.63 mi ± 0.10 mi"))
  }
}
