import FoundationEssentials
import Testing

@testable import StormrangeDomain

@Suite struct MeasurementOriginTests {
  let flash = Date(timeIntervalSince1970: 1_782_921_780)

  @Test func aDetectorsReadingHasNoTimingAndCountsAsThunderAtItsDate() throws {
    let reading = Measurement(
      date: flash, distance: 12_000, origin: .detector(source: try #require(DetectorSource("as3935"))),
      bearing: Bearing(degrees: 90), note: nil)
    #expect(reading.delay == nil && reading.timing == nil)
    #expect(reading.source?.name == "as3935")
    #expect(reading.thunderDate == flash)
    let timed = Measurement(date: flash, delay: 6.5, temperature: 20)
    #expect(timed.thunderDate == flash.addingTimeInterval(6.5))
    #expect(timed.source == nil)
  }

  @Test func theAllClearCountsFromADetectorsReadingAndCloseIsTenKilometres() throws {
    let source = try #require(DetectorSource("as3935"))
    let near = Measurement(
      date: flash, distance: 10_000, origin: .detector(source: source), bearing: nil, note: nil)
    let far = Measurement(
      date: flash, distance: 12_000, origin: .detector(source: source), bearing: nil, note: nil)
    let advice = SafetyAdvice(measurements: [near], now: flash.addingTimeInterval(60))
    #expect(advice.level == .shelterNow && advice.lightningWithinCloseDistance)
    #expect(advice.allClear == flash.addingTimeInterval(30 * 60))
    let farAdvice = SafetyAdvice(measurements: [far], now: flash)
    #expect(farAdvice.level == .shelterNow && !farAdvice.lightningWithinCloseDistance)
  }

  @Test func theDetectorsDistanceRules() throws {
    let as3935 = try #require(DetectorSource("as3935"))
    #expect(throws: MeasurementError.distanceNotPositive(typed: "0 km")) {
      try MeasurementRules.typed.checkDetectorDistance(0, source: nil, typed: "0 km")
    }
    #expect(throws: MeasurementError.distanceTooFar(typed: "113 km")) {
      try MeasurementRules.typed.checkDetectorDistance(113_000, source: nil, typed: "113 km")
    }
    #expect(throws: MeasurementError.notAnAS3935Step(typed: "11 km")) {
      try MeasurementRules.typed.checkDetectorDistance(11_000, source: as3935, typed: "11 km")
    }
    try MeasurementRules.typed.checkDetectorDistance(11_000, source: DetectorSource("other"), typed: "11 km")
    try MeasurementRules.typed.checkDetectorDistance(40_000, source: as3935, typed: "40 km")
  }
}
