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
}
