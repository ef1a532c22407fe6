import FoundationEssentials
import Testing

@testable import StormrangeKit

@Suite struct ImportedRowTests {
  @Test func datesOutsideWhatTheHistoryCanHoldAreRefused() {
    let now = Date(timeIntervalSince1970: 1_782_921_780)
    for seconds in [1e300, -1e300, -62_135_596_801] {
      let row = ImportedRow(date: Date(timeIntervalSince1970: seconds), delay: 5)
      #expect(throws: StormrangeError.self) { try row.measurement(now: now, defaultTemperature: 20) }
    }
    let earliest = ImportedRow(date: Date(timeIntervalSince1970: -62_135_596_800), delay: 5)
    #expect(throws: Never.self) { try earliest.measurement(now: now, defaultTemperature: 20) }
  }
}
