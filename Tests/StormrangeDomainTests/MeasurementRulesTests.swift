import FoundationEssentials
import Glibc
import Testing

@testable import StormrangeDomain
@testable import StormrangeBase

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

@Suite struct MeasurementRulesTests {
  @Test func delayBounds() throws {
    #expect(throws: MeasurementError.delayNotPositive(typed: "0")) { try MeasurementRules.checkDelay(0, as: "0") }
    #expect(throws: MeasurementError.delayNotPositive(typed: "-0")) { try MeasurementRules.checkDelay(-0.0, as: "-0") }
    #expect(throws: MeasurementError.delayNotPositive(typed: "-1")) { try MeasurementRules.checkDelay(-1, as: "-1") }
    #expect(throws: MeasurementError.delayTooLong(typed: "300.01")) {
      try MeasurementRules.checkDelay(300.01, as: "300.01")
    }
    #expect(throws: MeasurementError.delayNotPositive(typed: "nan")) { try MeasurementRules.checkDelay(.nan, as: "nan") }
    #expect(throws: MeasurementError.delayNotPositive(typed: "inf")) {
      try MeasurementRules.checkDelay(.infinity, as: "inf")
    }
    #expect(try MeasurementRules.checkDelay(300, as: "300") != nil)
    #expect(try MeasurementRules.checkDelay(75, as: "75") == nil)
    #expect(try MeasurementRules.checkDelay(0.01, as: "0.01") == nil)
    #expect(try MeasurementRules.checkDelay(75.5, as: "75.5")?.contains("rarely heard") == true)
  }

  @Test func notesMustBePrintable() {
    #expect(throws: MeasurementError.noteControlCharacter("\u{7}")) { try MeasurementRules.checkNote("bell\u{7}") }
    #expect(throws: MeasurementError.noteControlCharacter("\t")) { try MeasurementRules.checkNote("tab\there") }
    #expect(throws: MeasurementError.noteControlCharacter("\u{1B}")) {
      try MeasurementRules.checkNote("esc\u{1B}[31m")
    }
    #expect(throws: MeasurementError.noteControlCharacter("\u{85}")) { try MeasurementRules.checkNote("c1\u{85}") }
    #expect(throws: MeasurementError.noteNonCharacter("\u{FFFE}")) { try MeasurementRules.checkNote("x\u{FFFE}") }
    #expect(throws: MeasurementError.noteTooLong(length: 1001)) {
      try MeasurementRules.checkNote(String(repeating: "x", count: 1001))
    }
    #expect(throws: Never.self) { try MeasurementRules.checkNote(String(repeating: "x", count: 1000)) }
    #expect(throws: Never.self) { try MeasurementRules.checkNote("über den See ⛈ & <more>") }
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

