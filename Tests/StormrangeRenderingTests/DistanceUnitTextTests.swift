import Testing

@testable import StormrangeDomain
@testable import StormrangeRendering

@Suite struct DistanceUnitTextTests {
  @Test(arguments: [
    (DistanceUnit.kilometres, "2.06 km"), (.metres, "2059 m"), (.miles, "1.28 mi"), (.feet, "6756 ft"),
    (.nauticalMiles, "1.11 nmi"),
  ])
  func formatsSixSecondsOfThunder(unit: DistanceUnit, expected: String) {
    #expect(unit.format(metres: 6 * 343.2) == expected)
  }

  @Test func distancesUnderATenthOfTheUnitInMetresOrFeet() {
    #expect(DistanceUnit.kilometres.format(metres: 1) == "1 m")
    #expect(DistanceUnit.kilometres.format(metres: 99.4) == "99 m")
    #expect(DistanceUnit.kilometres.format(metres: 100) == "0.10 km")
    #expect(DistanceUnit.miles.format(metres: 150) == "492 ft")
    #expect(DistanceUnit.miles.format(metres: 161) == "0.10 mi")
    #expect(DistanceUnit.nauticalMiles.format(metres: 185) == "185 m")
    #expect(DistanceUnit.feet.format(metres: 1) == "3 ft")
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

  @Test func roundKilometresWithTheUnitBesideThemWhenItIsNotMetric() {
    #expect(DistanceUnit.kilometres.formatRoundKilometres(10_000) == "10 km")
    #expect(DistanceUnit.metres.formatRoundKilometres(10_000) == "10 km")
    #expect(DistanceUnit.miles.formatRoundKilometres(10_000) == "10 km (6 mi)")
    #expect(DistanceUnit.nauticalMiles.formatRoundKilometres(10_000) == "10 km (5 nmi)")
    #expect(DistanceUnit.feet.formatRoundKilometres(2_500) == "2.5 km (8200 ft)")
    #expect(DistanceUnit.feet.formatRoundKilometres(10_000) == "10 km (33000 ft)")
  }
}
