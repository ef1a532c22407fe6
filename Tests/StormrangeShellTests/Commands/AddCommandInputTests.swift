import FoundationEssentials
import ShellTestSupport
import TestSupport
import Testing

@testable import StormrangeBase
@testable import StormrangeDomain
@testable import StormrangeRendering
@testable import StormrangeShell

/// `add` as a newcomer types it (issue 28): times as a person says them, seconds with their unit,
/// compass points in words, a distance told what it became; and the limits of issue 29.
@Suite struct AddCommandInputTests {
  @Test func aClockTimeIsDatedInTheSessionsZoneAndEchoed() throws {
    let test = TestSession()
    test.session.localTime = LocalTime(offsetFromUTC: 7200)
    // The clock is at 16:03Z, 18:03 at +02:00.
    test.runAll(["add 10 at 17:51"])
    #expect(try test.reloadedHistory().map(\.date) == [test.clock.now().wall.addingTimeInterval(-12 * 60)])
    #expect(test.output.text == "#1  3.43 km  (delay 10.00 s), dated 17:51:00 local, 12 min ago\n")
  }

  @Test func aTimeAgoWithTheRestOfTheLineAfterIt() throws {
    let test = TestSession()
    test.runAll(["add 6 at 5 min ago from SW note first", "add 12 km at -2m"])
    let stored = try test.reloadedHistory()
    let now = test.clock.now().wall
    #expect(stored.map(\.date) == [now.addingTimeInterval(-300), now.addingTimeInterval(-120)])
    #expect(stored.map(\.note) == ["first", nil])
    #expect(test.output.text.contains("(delay 6.00 s), dated 15:58:00 local, 5 min ago\n"))
    #expect(test.output.text.contains("(detector), dated 16:01:00 local, 2 min ago\n"))
  }

  @Test(arguments: ["add 6 at 25:00", "add 6 at -5", "add 6 at yesterday"])
  func notATimeIsRefusedAndNothingIsSaved(line: String) throws {
    let test = TestSession()
    #expect(test.run(line))
    #expect(
      test.errors.text.contains(
        "is not a time; use a clock time HH:MM, a time ago (-5m, 5 min ago) or ISO 8601"))
    #expect(try test.reloadedHistory().isEmpty)
  }

  @Test(arguments: ["add 6s", "add 6 sec", "add 6 seconds", "add 6SEC", "add 6 S"])
  func secondsWithTheirUnit(line: String) throws {
    let test = TestSession()
    test.runAll([line])
    #expect(try test.reloadedHistory().map(\.delay) == [6])
  }

  @Test(arguments: [("southwest", 225.0), ("south-west", 225), ("SW", 225), ("North-NorthEast", 22.5)])
  func compassPointsInWords(word: String, degrees: Double) throws {
    let test = TestSession()
    test.runAll(["add 6 from \(word)"])
    #expect(try test.reloadedHistory().map { $0.bearing?.degrees } == [degrees])
  }

  @Test func aDistanceWithoutASourceSaysWhatItBecame() {
    let test = TestSession()
    test.runAll(["add 3 km", "add 3 km source porch"])
    #expect(
      test.output.text
        == "#1  3.00 km  (detector)\n"
        + "  recorded as a detector's reading; to record a delay you counted, type the seconds: add 9\n"
        + "#2  3.00 km  (porch)\n")
  }

  @Test(arguments: [
    ("add 1e306 km", "at most 111.95 km"), ("add 1e307 mi", "at most 69.56 mi"),
    ("add 111.955 km", "at most 111.95 km"), ("add 111954.5 m", "at most 111954 m"),
  ])
  func tooFarIsTooFar(line: String, limit: String) throws {
    let test = TestSession()
    #expect(test.run(line))
    #expect(test.errors.text.contains("is too far: stormrange accepts \(limit) (300 s of thunder)"))
    #expect(try test.reloadedHistory().isEmpty)
  }

  /// Whatever is accepted, shown in any unit, can be typed back in that unit.
  @Test func theLimitRoundTripsInEveryUnit() {
    for unit in DistanceUnit.allCases {
      let limit = unit.typedLimit
      #expect(limit * unit.metresPerUnit <= MeasurementRules.maximumTypedDistance + 1e-6)
      #expect(MeasurementRules.maximumTypedDistance <= MeasurementRules.maximumDistance)
      for other in DistanceUnit.allCases {
        // The farthest distance accepted, as `other` shows it, is at most its limit.
        let shown = Double(
          other.format(metres: MeasurementRules.maximumTypedDistance).split(separator: " ")[0])!
        #expect(shown <= other.typedLimit, "\(other)")
      }
    }
  }
}
