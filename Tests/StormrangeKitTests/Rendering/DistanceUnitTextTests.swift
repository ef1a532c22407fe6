import Testing

@testable import StormrangeDomain
@testable import StormrangeKit

@Suite struct DistanceUnitTextTests {
  @Test(arguments: [
    (DistanceUnit.kilometres, "2.06 km"), (.metres, "2059 m"), (.miles, "1.28 mi"), (.feet, "6756 ft"),
    (.nauticalMiles, "1.11 nmi"),
  ])
  func formatsSixSecondsOfThunder(unit: DistanceUnit, expected: String) {
    #expect(unit.format(metres: 6 * 343.2) == expected)
  }

  @Test func aDistanceWithItsErrorNamesTheUnitOnce() {
    #expect(DistanceUnit.kilometres.format(metres: 5000, error: 1380, plusMinus: "±") == "5.00 ± 1.38 km")
    #expect(DistanceUnit.feet.format(metres: 1000, error: 100, plusMinus: "+/-") == "3281 +/- 328 ft")
  }

  @Test func speedsInKilometresOrMilesPerHour() {
    let speed = 24 / 3.6
    #expect(DistanceUnit.kilometres.formatSpeed(metresPerSecond: speed) == "24 km/h")
    #expect(DistanceUnit.miles.formatSpeed(metresPerSecond: speed) == "15 mph")
    #expect(DistanceUnit.feet.formatSpeed(metresPerSecond: speed) == "15 mph")
    #expect(DistanceUnit.nauticalMiles.formatSpeed(metresPerSecond: speed) == "24 km/h")
    #expect(DistanceUnit.kilometres.formatSpeed(metresPerSecond: 12 / 3.6) == "12 km/h")
    #expect(DistanceUnit.kilometres.formatSpeed(metresPerSecond: 2.5) == "9.0 km/h")
  }

  @Test func speedsWithTheirErrorShareTheirDigits() {
    #expect(
      DistanceUnit.kilometres.formatSpeed(metresPerSecond: 24 / 3.6, error: 6 / 3.6, plusMinus: "±")
        == "24 ± 6 km/h")
    #expect(
      DistanceUnit.miles.formatSpeed(metresPerSecond: 2, error: 0.5, plusMinus: "+/-") == "4.5 +/- 1.1 mph")
  }

  @Test func roundKilometresWithTheUnitBesideThemWhenItIsNotMetric() {
    #expect(DistanceUnit.kilometres.formatRoundKilometres(10_000) == "10 km")
    #expect(DistanceUnit.metres.formatRoundKilometres(10_000) == "10 km")
    #expect(DistanceUnit.miles.formatRoundKilometres(10_000) == "10 km (6.21 mi)")
    #expect(DistanceUnit.feet.formatRoundKilometres(2_500) == "2.5 km (8202 ft)")
  }
}
