import FoundationEssentials
import Testing

@testable import StormrangeKit
@testable import StormrangeStore
@testable import StormrangeDomain
@testable import StormrangePropertyList
@testable import StormrangeBase

/// A storm timed over fifteen minutes, ending at 15:55Z; the session's clock stands at 15:56Z.
/// Delays 38, 31, 24, 17 s five minutes apart: 7 s (2.4 km) closer every 5 minutes, about 29 km/h.
private func approachingStorm(mode: SessionMode = .batch) -> TestSession {
  let test = TestSession(mode: mode)
  test.clock.moment = Moment(wall: ISO8601Time.parse("2026-07-01T15:56:00Z")!, monotonic: 1000)
  test.runAll([
    "add 38 at 2026-07-01T15:40:00Z", "add 31 at 2026-07-01T15:45:00Z", "add 24 at 2026-07-01T15:50:00Z",
    "add 17 at 2026-07-01T15:55:00Z",
  ])
  _ = test.output.take()
  return test
}

private func local(_ text: String) -> String { LocalTime.formatTime(ISO8601Time.parse(text)!) }

@Suite struct StatusCommandTests {
  @Test func statusReportsDistanceTrendAdviceAndCountdown() throws {
    let test = approachingStorm()
    #expect(!test.run("status"))
    let lines = test.output.take().split(separator: "\n").map(String.init)
    #expect(lines.count == 5)
    #expect(
      lines[0]
        == "latest     #4  5.83 km ± 0.15 km  (delay 17.00 s, flash at \(local("2026-07-01T15:55:00Z")), 1 min ago)"
    )
    #expect(
      lines[1]
        == "storm      4 measurements from \(local("2026-07-01T15:40:00Z")) to \(local("2026-07-01T15:55:00Z")) (15 min)"
    )
    #expect(lines[2] == "trend      approaching at 29 km/h; already within 10 km")
    #expect(
      lines[3] == "advice     TAKE SHELTER NOW: a delay of 30 s or less puts lightning within about 10 km")
    // Last thunder at 15:55:17, all clear at 16:25:17.
    #expect(
      lines[4] == "all clear  in 29:17 (at \(local("2026-07-01T16:25:17Z"))) if no more thunder is heard")
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
      text.contains("trend      approaching at 25 km/h; within 10 km in about 15 min (\(arrival))"), "\(text)"
    )
    #expect(text.contains("advice     you can hear thunder, so you are within striking distance: go indoors"))
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

  @Test func thePromptSummarisesAfterEachMeasurement() {
    let test = approachingStorm(mode: .interactive)
    test.runAll(["add 14 at 2026-07-01T15:56:00Z"])
    let lines = test.output.take().split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines[0].hasPrefix("#5  4.81 km"))
    #expect(lines[1] == "  ± 0.15 km · approaching at 30 km/h · take shelter now")
  }

  @Test func aBatchPrintsOnlyTheConfirmation() {
    let test = approachingStorm()
    test.runAll(["add 14 at 2026-07-01T15:56:00Z"])
    #expect(test.output.take().split(separator: "\n").count == 1)
  }

  @Test func imperialUnitsGiveMilesPerHour() {
    let test = approachingStorm()
    test.runAll(["set unit mi"])
    _ = test.output.take()
    test.run("status")
    let text = test.output.take()
    #expect(text.contains("approaching at 18 mph; already within 10 km (6.21 mi)"))
    #expect(text.contains("#4  3.63 mi ± 0.10 mi"))
  }
}

@Suite struct PlotCommandTests {
  /// Columns a line takes: every character the chart uses is one column wide.
  private func widest(_ text: String) -> Int { text.split(separator: "\n").map(\.count).max() ?? 0 }

  @Test(arguments: [CharacterRepertoire.unicode, .ascii])
  func fitsEightyColumnsInEveryUnit(repertoire: CharacterRepertoire) {
    let test = approachingStorm()
    test.session.repertoire = repertoire
    for unit in DistanceUnit.allCases {
      test.runAll(["set unit \(unit.rawValue)"])
      _ = test.output.take()
      #expect(!test.run("plot"))
      let text = test.output.take()
      #expect(widest(text) <= 80, "\(text)")
      #expect(text.contains("distance (\(unit.rawValue))"))
    }
  }

  @Test func asciiWhenAskedHasNoOtherCharacters() {
    let test = approachingStorm()
    test.session.repertoire = .ascii
    test.run("plot")
    let text = test.output.take()
    #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
    #expect(text.contains("#"))
    #expect(text.contains("distance (km)"))
    #expect(text.contains("local time"))
  }

  @Test func unicodeUsesBlockElementsAndLabelsTheAxes() {
    let test = approachingStorm()
    test.run("plot")
    let text = test.output.take()
    #expect(text.hasPrefix("current storm: 4 measurements from "))
    #expect(text.contains("█"))
    #expect(text.contains("└"))
    #expect(text.contains(String(local("2026-07-01T15:40:00Z").prefix(5))))
    #expect(text.contains(String(local("2026-07-01T15:55:00Z").prefix(5))))
    #expect(text.contains("trend: approaching at 29 km/h"))
    // 13.04 km at most: the scale runs to 15 in steps of 2.5, with the 10 km line.
    #expect(text.contains("15.0 ┤"))
    #expect(text.contains("10.0 ┤█┄"))
  }

  @Test func manyMeasurementsOverDaysAndASingleOne() {
    let test = TestSession()
    test.clock.moment = Moment(wall: ISO8601Time.parse("2026-07-09T00:00:00Z")!, monotonic: 1000)
    var lines: [String] = []
    for day in 1...7 {
      for minute in stride(from: 0, to: 60, by: 2) {
        let minuteText = minute < 10 ? "0\(minute)" : "\(minute)"
        lines.append("add \(Double(60 - minute) + 0.5) at 2026-07-0\(day)T18:\(minuteText):00Z")
      }
    }
    test.runAll(lines)
    _ = test.output.take()
    #expect(!test.run("plot 200"))
    let text = test.output.take()
    #expect(text.hasPrefix("last 200 measurements"))
    #expect(widest(text) <= 80)
    #expect(text.contains("local date and time"))
    #expect(!test.run("plot 1"))
    #expect(widest(test.output.take()) <= 80)
    #expect(test.run("plot 0"))
    #expect(test.run("plot x"))
  }

  @Test(arguments: [
    (["LANG": "en_US.UTF-8"], CharacterRepertoire.unicode),
    (["LC_ALL": "C.utf8", "LANG": "C"], .unicode),
    (["LC_ALL": "C", "LANG": "en_US.UTF-8"], .ascii),
    (["LC_ALL": "", "LC_CTYPE": "de_DE.ISO-8859-1", "LANG": "en_US.UTF-8"], .ascii),
    (["LC_CTYPE": "de_DE.UTF-8", "LANG": "C"], .unicode),
    (["LANG": "POSIX"], .ascii),
    ([:], .ascii),
  ])
  func theLocaleDecidesTheCharacters(environment: [String: String], expected: CharacterRepertoire) {
    #expect(CharacterRepertoire.forLocale(environment: environment) == expected)
  }
}

@Suite struct StatsCommandTests {
  @Test func onePerStorm() {
    let test = TestSession()
    test.clock.moment = Moment(wall: ISO8601Time.parse("2026-07-02T00:00:00Z")!, monotonic: 1000)
    test.runAll([
      "add 10 at 2026-07-01T12:00:00Z", "add 20 at 2026-07-01T12:10:00Z", "add 30 at 2026-07-01T12:20:00Z",
      "add 6 at 2026-07-01T18:00:00Z",
    ])
    _ = test.output.take()
    #expect(!test.run("stats"))
    let lines = test.output.take().split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    #expect(lines[0] == "storm  start             end    count  nearest  farthest     mean")
    let start1 = LocalTime.format(ISO8601Time.parse("2026-07-01T12:00:00Z")!).dropLast(3)
    let end1 = LocalTime.formatTime(ISO8601Time.parse("2026-07-01T12:20:00Z")!).dropLast(3)
    #expect(lines[1] == "    1  \(start1)  \(end1)      3  3.43 km  10.30 km  6.86 km")
    #expect(lines[2].hasSuffix("1  2.06 km   2.06 km  2.06 km"))
    #expect(lines[3] == "2 storms, 4 measurements; storm 2 is the current one")
  }
}
