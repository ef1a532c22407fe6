import FoundationEssentials
import ShellTestSupport
import Testing

@testable import StormrangeBase
@testable import StormrangeDomain
@testable import StormrangeRendering
@testable import StormrangeShell

@Suite struct PlusMinusTextTests {
  let kilometres = PlusMinusText(unit: .kilometres, repertoire: .unicode, localTime: .utc)

  @Test func theIssuesExamples() {
    #expect(kilometres.speed(metresPerSecond: 12 / 3.6, error: 0.2 / 3.6) == "12.0 ± 0.2 km/h")
    #expect(kilometres.distance(metres: 7550.72, error: 159.2) == "7.55 ± 0.16 km")
    #expect(kilometres.distanceWithUnits(metres: 1, error: 0.1) == "1.00 m ± 0.10 m")
  }

  @Test func aSlowStormMeasuredForHoursNeverReadsPlusMinusZero() {
    #expect(kilometres.speed(metresPerSecond: 12 / 3.6, error: 0.04 / 3.6) == "12.00 ± 0.04 km/h")
    #expect(kilometres.speed(metresPerSecond: 12 / 3.6, error: 0) == "12.00 ± <0.01 km/h")
    #expect(kilometres.speed(metresPerSecond: 28.3 / 3.6, error: 7.2 / 3.6) == "28 ± 7 km/h")
  }

  @Test func distancesUnderATenthOfTheUnitAreInMetresOrFeet() {
    #expect(kilometres.distanceError(metres: 1, error: 0.1) == "± 0.10 m")
    #expect(kilometres.distanceWithUnits(metres: 99, error: 8.7) == "99 m ± 9 m")
    #expect(kilometres.distanceWithUnits(metres: 100, error: 10) == "0.100 km ± 0.010 km")
    let miles = PlusMinusText(unit: .miles, repertoire: .ascii)
    #expect(miles.distanceWithUnits(metres: 30.48, error: 3.048) == "100 ft +/- 10 ft")
    #expect(miles.distance(metres: 8046.72, error: 1609.344) == "5.0 +/- 1.0 mi")
    let nautical = PlusMinusText(unit: .nauticalMiles, repertoire: .unicode)
    #expect(nautical.distance(metres: 150, error: 15) == "150 ± 15 m")
  }

  @Test func aDistanceWhoseErrorIsLargeStaysInTheLargerUnit() {
    // A storm over you: 0 ± the across-track error, not `0 ± 1900 m`.
    #expect(kilometres.distance(metres: 0, error: 1900) == "0.0 ± 1.9 km")
    #expect(kilometres.distance(metres: 40, error: 150) == "0.04 ± 0.15 km")
  }

  @Test func anglesStayWithinACircle() {
    #expect(kilometres.angle(degrees: 93.33, error: 9.61) == "93° ± 10°")
    #expect(kilometres.angle(degrees: 93.33, error: 1.23) == "93.3° ± 1.2°")
    #expect(kilometres.angle(degrees: 359.7, error: 4) == "0° ± 4°")
    #expect(kilometres.angle(degrees: 87, error: 27) == "90° ± 30°")
    #expect(kilometres.angle(degrees: 87.04, error: 0) == "87.0° ± <0.1°")
  }

  @Test func clockTimesToThePlaceOfTheirError() {
    let now = ISO8601Time.parse("2026-07-01T18:00:00Z")!
    let closest = ISO8601Time.parse("2026-07-01T18:38:22Z")!
    func local(_ date: Date, seconds: Bool = false) -> String {
      let text = LocalTime.utc.formatTime(date)
      return seconds ? text : String(text.dropLast(3))
    }
    #expect(kilometres.clock(closest, error: 153, besides: now) == "\(local(closest)) ± 3 min")
    #expect(
      kilometres.clock(closest, error: 40, besides: now)
        == "\(local(closest.addingTimeInterval(-2), seconds: true)) ± 40 s")
    #expect(
      kilometres.clock(closest, error: 90, besides: now)
        == "\(local(closest.addingTimeInterval(-2), seconds: true)) ± 90 s")
    #expect(kilometres.clock(closest, error: 0, besides: now) == "\(local(closest, seconds: true)) ± <1 s")
    #expect(kilometres.clock(closest, error: 14 * 60, besides: now) == "\(local(closest)) ± 14 min")
  }
}
