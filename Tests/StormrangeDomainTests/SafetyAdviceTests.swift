import FoundationEssentials
import Testing

@testable import StormrangeDomain

@Suite struct SafetyAdviceTests {
  private let flash = origin

  @Test func thirtySecondsOrLessMeansTakeShelter() {
    let advice = SafetyAdvice(
      latest: measured(at: 0, metres: 30 * 343.21462268256795), now: flash.addingTimeInterval(40))
    #expect(advice.level == .takeShelterNow)
    let farther = SafetyAdvice(
      latest: measured(at: 0, metres: 31 * 343.21462268256795), now: flash.addingTimeInterval(40))
    #expect(farther.level == .withinStrikingDistance)
  }

  @Test func allClearThirtyMinutesAfterTheLastThunder() {
    // Flash at 0, thunder 10 s later: all clear at 30 min 10 s.
    let latest = measured(at: 0, metres: 10 * 343.21462268256795)
    let soon = SafetyAdvice(latest: latest, now: flash.addingTimeInterval(70))
    #expect(abs(soon.remaining - 1740) < 1e-6)
    #expect(abs(soon.allClear.timeIntervalSince(flash) - 1810) < 1e-6)
    let almost = SafetyAdvice(latest: latest, now: flash.addingTimeInterval(1809.5))
    #expect(almost.level == .takeShelterNow)
    #expect(abs(almost.remaining - 0.5) < 1e-6)
    let clear = SafetyAdvice(latest: latest, now: flash.addingTimeInterval(1810))
    #expect(clear.level == .allClear)
    #expect(clear.remaining == 0)
  }
}
