import FoundationEssentials
import Testing

@testable import StormrangeDomain

/// The NWS's current advice: shelter while thunder was heard in the last 30 minutes, whatever the
/// distance; "within 10 km" is information beside the level.
@Suite struct SafetyAdviceTests {
  private let flash = origin

  @Test func anyThunderInTheLastThirtyMinutesMeansShelterWhateverTheDistance() {
    // The old 30-second rule would have said 31 s was not close enough to shelter.
    let far = SafetyAdvice(
      measurements: [measured(at: 0, metres: 31 * 343.21462268256795)], now: flash.addingTimeInterval(40))
    #expect(far.level == .shelterNow)
    #expect(!far.lightningWithinCloseDistance)
    let near = SafetyAdvice(measurements: [measured(at: 0, metres: 9_000)], now: flash.addingTimeInterval(40))
    #expect(near.level == .shelterNow)
    #expect(near.lightningWithinCloseDistance)
  }

  @Test func allClearThirtyMinutesAfterTheLastThunder() {
    // Flash at 0, thunder 10 s later: all clear at 30 min 10 s.
    let storm = [measured(at: 0, metres: 10 * 343.21462268256795)]
    let soon = SafetyAdvice(measurements: storm, now: flash.addingTimeInterval(70))
    #expect(abs(soon.remaining - 1740) < 1e-6)
    #expect(abs((soon.allClear?.timeIntervalSince(flash) ?? 0) - 1810) < 1e-6)
    let almost = SafetyAdvice(measurements: storm, now: flash.addingTimeInterval(1809.5))
    #expect(almost.level == .shelterNow)
    #expect(abs(almost.remaining - 0.5) < 1e-6)
    let clear = SafetyAdvice(measurements: storm, now: flash.addingTimeInterval(1810))
    #expect(clear.level == .allClear)
    #expect(clear.remaining == 0)
    #expect(!clear.lightningWithinCloseDistance)
  }

  @Test func theLastThunderIsTheLatestHeardNotTheLatestFlash() {
    // A far flash timed first (thunder at 100 + 60 s) and a near one after (thunder at 120 + 3 s).
    let storm = [
      measured(at: 100, metres: 60 * 343.21462268256795), measured(at: 120, metres: 3 * 343.21462268256795),
    ]
    let advice = SafetyAdvice(measurements: storm, now: flash.addingTimeInterval(200))
    #expect(advice.lastThunder == flash.addingTimeInterval(160))
  }

  @Test func withinTenKilometresLooksOnlyAtTheLastThirtyMinutes() {
    let storm = [measured(at: 0, metres: 5_000), measured(at: 1500, metres: 15_000)]
    #expect(
      SafetyAdvice(measurements: storm, now: flash.addingTimeInterval(1700)).lightningWithinCloseDistance)
    let later = SafetyAdvice(measurements: storm, now: flash.addingTimeInterval(1900))
    #expect(later.level == .shelterNow)
    #expect(!later.lightningWithinCloseDistance)
  }

  @Test func itChangesByItselfOnlyWhenCloseLightningDropsOutAndAtTheAllClear() {
    let storm = [measured(at: 0, metres: 5_000), measured(at: 1500, metres: 15_000)]
    let now = flash.addingTimeInterval(100)
    let advice = SafetyAdvice(measurements: storm, now: now)
    let closeEnds = storm[0].thunderDate.addingTimeInterval(SafetyAdvice.allClearWait)
    let allClear = storm[1].thunderDate.addingTimeInterval(SafetyAdvice.allClearWait)
    #expect(advice.nextChange(after: now) == closeEnds)
    #expect(advice.nextChange(after: closeEnds) == allClear)
    #expect(advice.nextChange(after: allClear) == nil)
    #expect(SafetyAdvice(measurements: [Measurement](), now: now).nextChange(after: now) == nil)
    // Moved on to a later time, it is the advice computed then, on either side of each change.
    for later in [
      now, closeEnds.addingTimeInterval(-0.5), closeEnds, allClear.addingTimeInterval(-1), allClear,
    ] {
      #expect(advice.at(later) == SafetyAdvice(measurements: storm, now: later))
    }
    #expect(advice.at(closeEnds).lightningWithinCloseDistance == false)
    #expect(advice.at(allClear).level == .allClear)
  }

  @Test func noMeasurementsIsAllClearWithNoDate() {
    let advice = SafetyAdvice(measurements: [Measurement](), now: flash)
    #expect(advice.level == .allClear)
    #expect(advice.allClear == nil && advice.lastThunder == nil)
    #expect(advice == .noMeasurements)
    #expect(SafetyAdvice(measurements: [Measurement](), now: .distantFuture) == .noMeasurements)
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
}
