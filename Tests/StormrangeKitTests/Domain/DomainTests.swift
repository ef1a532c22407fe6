import FoundationEssentials
import Glibc
import Testing

@testable import StormrangeKit

@Suite struct SpeedOfSoundTests {
  @Test func twentyDegreesIs343Point2() {
    #expect(abs(SpeedOfSound.metresPerSecond(celsius: 20) - 343.2) < 0.05)
  }

  @Test func zeroDegreesIs331Point3() {
    #expect(SpeedOfSound.metresPerSecond(celsius: 0) == 331.3)
  }

  @Test func colderAirIsSlower() {
    #expect(SpeedOfSound.metresPerSecond(celsius: -10) < SpeedOfSound.metresPerSecond(celsius: 30))
  }
}

@Suite struct DistanceUnitTests {
  @Test(arguments: [
    (DistanceUnit.kilometres, "2.06 km"), (.metres, "2059 m"), (.miles, "1.28 mi"), (.feet, "6756 ft"),
    (.nauticalMiles, "1.11 nmi"),
  ])
  func formatsSixSecondsOfThunder(unit: DistanceUnit, expected: String) {
    #expect(unit.format(metres: 6 * 343.2) == expected)
  }
}

@Suite struct FixedPointTests {
  @Test func roundsHalfAwayFromZero() {
    #expect(FixedPoint.fixed(2.005, digits: 1) == "2.0")
    #expect(FixedPoint.fixed(2.25, digits: 1) == "2.3")
    #expect(FixedPoint.fixed(-2.25, digits: 1) == "-2.3")
    #expect(FixedPoint.fixed(0.004, digits: 2) == "0.00")
    #expect(FixedPoint.fixed(-0.004, digits: 2) == "0.00")
    #expect(FixedPoint.fixed(1234.5, digits: 0) == "1235")
    #expect(FixedPoint.fixed(6.0, digits: 2) == "6.00")
  }
}

@Suite struct StrictNumberTests {
  @Test(arguments: ["6", "6.5", "+6.5", "0.25", ".5", "5.", "1e2", "2.5E-1"])
  func acceptsDecimalNumbers(text: String) {
    #expect(StrictNumber.parse(text) != nil)
  }

  @Test(arguments: [
    "", "abc", "nan", "NaN", "inf", "-inf", "infinity", "0x10", "1e309", "6,5", "6.5.1", "--6", "e5", "1e",
    "٣", "６", "6 s", " 6", "6\u{0}",
  ])
  func rejectsEverythingElse(text: String) {
    #expect(StrictNumber.parse(text) == nil)
  }

  @Test func negativeZeroParsesAndIsNotPositive() {
    #expect(StrictNumber.parse("-0") == 0)
  }
}

@Suite struct TemperatureTests {
  @Test func parsesCelsiusAndFahrenheit() {
    #expect(Temperature(parsing: "25")?.celsius == 25)
    #expect(Temperature(parsing: "25C")?.celsius == 25)
    #expect(Temperature(parsing: "-3.5c")?.celsius == -3.5)
    #expect(Temperature(parsing: "68F")?.celsius == 20)
    #expect(Temperature(parsing: "32°F")?.celsius == 0)
  }

  @Test(arguments: ["", "warm", "F", "100", "-80C", "nan", "25K"])
  func rejectsImplausibleOrMalformed(text: String) {
    #expect(Temperature(parsing: text) == nil)
  }
}

@Suite struct ISO8601TimeTests {
  @Test func parsesOffsetsAndZulu() {
    let expected = Date(timeIntervalSince1970: 1_782_921_780)  // 2026-07-01T16:03:00Z
    #expect(ISO8601Time.parse("2026-07-01T18:03:00+02:00") == expected)
    #expect(ISO8601Time.parse("2026-07-01T16:03:00Z") == expected)
    #expect(ISO8601Time.parse("2026-07-01T16:03Z") == expected)
    #expect(ISO8601Time.parse("2026-07-01T11:03:00-0500") == expected)
    #expect(ISO8601Time.parse("2026-07-01 16:03:00z") == expected)
    #expect(ISO8601Time.parse("2026-07-01T16:03:00.5Z") == expected.addingTimeInterval(0.5))
  }

  @Test(arguments: [
    "2026-07-01T16:03:00", "2026-13-01T00:00Z", "2026-02-29T00:00Z", "2026-07-01T24:00Z",
    "2026-07-01T16:60Z", "2026-07-01", "yesterday", "2026-07-01T16:03:00+2", "2026-07-01T16:03:00Z junk", "",
    "2026-07-01T16:03:00+25:00",
  ])
  func rejectsMalformedTimes(text: String) {
    #expect(ISO8601Time.parse(text) == nil)
  }

  @Test func leapDayOfALeapYear() {
    #expect(ISO8601Time.parse("2024-02-29T00:00Z") != nil)
  }
}

@Suite struct CivilTimeTests {
  @Test func roundTripsDaysAcrossCenturies() {
    for days in stride(from: -800_000, through: 800_000, by: 997) {
      let date = CivilTime.date(days: days)
      #expect(CivilTime.days(year: date.year, month: date.month, day: date.day) == days)
    }
    #expect(CivilTime.days(year: 1970, month: 1, day: 1) == 0)
    #expect(CivilTime.days(year: 2000, month: 3, day: 1) == 11_017)
  }
}

@Suite struct MeasurementRulesTests {
  @Test func delayBounds() throws {
    #expect(throws: StormrangeError.self) { try MeasurementRules.checkDelay(0, as: "0") }
    #expect(throws: StormrangeError.self) { try MeasurementRules.checkDelay(-1, as: "-1") }
    #expect(throws: StormrangeError.self) { try MeasurementRules.checkDelay(300.01, as: "300.01") }
    #expect(throws: StormrangeError.self) { try MeasurementRules.checkDelay(.nan, as: "nan") }
    #expect(try MeasurementRules.checkDelay(300, as: "300") != nil)
    #expect(try MeasurementRules.checkDelay(75, as: "75") == nil)
    #expect(try MeasurementRules.checkDelay(75.5, as: "75.5")?.contains("rarely heard") == true)
  }

  @Test func notesMustBePrintable() {
    #expect(throws: StormrangeError.self) { try MeasurementRules.checkNote("bell\u{7}") }
    #expect(throws: StormrangeError.self) { try MeasurementRules.checkNote("tab\there") }
    #expect(throws: StormrangeError.self) { try MeasurementRules.checkNote("esc\u{1B}[31m") }
    #expect(throws: StormrangeError.self) { try MeasurementRules.checkNote("c1\u{85}") }
    #expect(throws: StormrangeError.self) {
      try MeasurementRules.checkNote(String(repeating: "x", count: 1001))
    }
    #expect(throws: Never.self) { try MeasurementRules.checkNote("über den See ⛈ & <more>") }
  }

  @Test func errorMessagesNeverCarryRawControlCharacters() {
    let hostile = "\u{1B}[2J" + String(repeating: "A", count: 5000)
    let message = StormrangeError.unknownCommand(hostile, suggestion: nil).message
    #expect(!message.unicodeScalars.contains { $0.value == 0x1B })
    #expect(message.count < 200)
  }
}

@Suite struct MeasurementTests {
  @Test func newMeasurementComputesSpeedAndDistanceAndDropsFractionalSeconds() {
    let measurement = Measurement(date: Date(timeIntervalSince1970: 100.75), delay: 6, temperature: 20)
    #expect(measurement.date == Date(timeIntervalSince1970: 100))
    #expect(abs(measurement.speedOfSound - 343.2) < 0.05)
    #expect(abs(measurement.distance - 6 * measurement.speedOfSound) < 1e-9)
  }
}

@Suite struct LocalTimeTests {
  @Test func absurdDatesFromOtherToolsAreClampedNotACrash() {
    setenv("TZ", "UTC", 1)
    #expect(LocalTime.format(Date(timeIntervalSince1970: 1e300)) == "9999-12-31 23:59:59")
    #expect(LocalTime.format(Date(timeIntervalSince1970: -1e300)) == "0001-01-01 00:00:00")
    #expect(LocalTime.format(Date(timeIntervalSince1970: 1_782_921_780)) == "2026-07-01 16:03:00")
  }
}
