import FoundationEssentials
import Testing

@testable import StormrangeDomain

@Suite struct MeasurementRulesClockTests {
  @Test func aMinuteAheadIsAllowedAndNoMore() throws {
    let now = origin
    #expect(!MeasurementRules.isAhead(now.addingTimeInterval(60), of: now))
    #expect(MeasurementRules.isAhead(now.addingTimeInterval(60.5), of: now))
    // The thunder of a flash 240 s ago after 300 s comes a minute from now: allowed.
    try MeasurementRules.checkThunder(flash: now.addingTimeInterval(-240), delay: 300, now: now)
    #expect(throws: MeasurementError.thunderAhead(flash: now.addingTimeInterval(50), delay: 300, now: now)) {
      try MeasurementRules.checkThunder(flash: now.addingTimeInterval(50), delay: 300, now: now)
    }
  }

  @Test func aMeasurementIsAheadByItsThunder() {
    let flash = origin
    let timed = Measurement(date: flash, delay: 100, temperature: 20)
    #expect(!MeasurementRules.isAhead(timed, of: flash.addingTimeInterval(40)))
    #expect(MeasurementRules.isAhead(timed, of: flash.addingTimeInterval(39)))
  }
}
