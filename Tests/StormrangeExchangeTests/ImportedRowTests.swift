import FoundationEssentials
import Testing

@testable import StormrangeDomain
@testable import StormrangeExchange
import StormrangeStore

@Suite struct ImportedRowTests {
  let now = Date(timeIntervalSince1970: 1_782_921_780)

  func row(date seconds: Double, delay: Double = 5) -> ImportedRow {
    ImportedRow(fields: MeasurementFields(date: Date(timeIntervalSince1970: seconds), delay: delay))
  }

  @Test func datesOutsideWhatTheHistoryCanHoldAreRefused() {
    for seconds in [1e300, -1e300, -62_135_596_801] {
      // Refused as out of range, not by a later rule (1e300 s is also in the future).
      #expect {
        try row(date: seconds).measurement(now: now, defaultTemperature: 20)
      } throws: { error in
        let message = (error as? ExchangeError)?.message ?? ""
        return message.hasPrefix("the date ") && message.hasSuffix(" is not between the years 1 and 9999")
      }
    }
    #expect(throws: Never.self) {
      try row(date: -62_135_596_800).measurement(now: now, defaultTemperature: 20)
    }
  }

  @Test func aMissingTemperatureSpeedAndDistanceAreFilledIn() throws {
    let entry = try row(date: 1_782_921_000, delay: 6).measurement(now: now, defaultTemperature: 0)
    let timing = try #require(entry.measurement.timing)
    #expect(timing.temperature == 0 && timing.speedOfSound == SpeedOfSound.metresPerSecond(celsius: 0))
    #expect(entry.measurement.distance == 6 * timing.speedOfSound)
  }

  @Test func anEmptySourceIsNeitherADetectorNorATimedRow() {
    let fields = MeasurementFields(date: now, distance: 10_000, source: "")
    #expect {
      try ImportedRow(fields: fields).measurement(now: now, defaultTemperature: 20)
    } throws: { error in
      (error as? ExchangeError)?.message.hasPrefix("source is empty: a detector's reading names") == true
    }
  }
}
