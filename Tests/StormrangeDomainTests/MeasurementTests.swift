import FoundationEssentials
import Testing

@testable import StormrangeDomain

@Suite struct MeasurementTests {
  @Test func newMeasurementComputesSpeedAndDistanceAndDropsFractionalSeconds() {
    let measurement = Measurement(date: Date(timeIntervalSince1970: 100.75), delay: 6, temperature: 20)
    #expect(measurement.date == Date(timeIntervalSince1970: 100))
    #expect(abs(measurement.timing!.speedOfSound - 343.2) < 0.05)
    #expect(abs(measurement.distance - 6 * measurement.timing!.speedOfSound) < 1e-9)
  }

  @Test func aDetectorsReadingHasNoTimingAndCountsAsThunderAtItsDate() throws {
    let flash = Date(timeIntervalSince1970: 1_782_921_780)
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
}
