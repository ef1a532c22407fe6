import FoundationEssentials
import Testing

@testable import StormrangeKit

@Suite struct ImportedRowTests {
  @Test func datesOutsideWhatTheHistoryCanHoldAreRefused() {
    let now = Date(timeIntervalSince1970: 1_782_921_780)
    for seconds in [1e300, -1e300, -62_135_596_801] {
      let row = ImportedRow(date: Date(timeIntervalSince1970: seconds), delay: 5)
      // Refused as out of range, not by a later rule (1e300 s is also in the future).
      #expect {
        try row.measurement(now: now, defaultTemperature: 20)
      } throws: { error in
        guard case .invalidArgument(let message) = error as? StormrangeError else { return false }
        return message.hasPrefix("the date ") && message.hasSuffix(" is not between the years 1 and 9999")
      }
    }
    let earliest = ImportedRow(date: Date(timeIntervalSince1970: -62_135_596_800), delay: 5)
    #expect(throws: Never.self) { try earliest.measurement(now: now, defaultTemperature: 20) }
  }
}
