import FoundationEssentials
import Testing

@testable import StormrangeDomain

/// A located group is thunder heard only within 16 km, counts as lightning within 10 km by its
/// nearest strike, and keeps its storm going at any range.
@Suite struct SafetyAdviceLocatedTests {
  /// A group of `strikes` whose mean position is `metres` away and nearest strike `nearest`,
  /// `seconds` after the tests' origin.
  func group(at seconds: Double, metres: Double, nearest: Double, strikes: Int = 5) -> Measurement {
    let fix = LocatedFix(
      source: DetectorSource("blitzortung", kind: .located)!, position: GeoPosition(latitude: 52, longitude: 13)!,
      nearest: nearest, strikes: strikes, spread: 1_000)
    return Measurement(
      date: origin.addingTimeInterval(seconds), distance: metres, origin: .located(fix), bearing: nil, note: nil)
  }

  @Test func aGroupBeyondSixteenKilometresIsNoThunderHeard() {
    let advice = SafetyAdvice(measurements: [group(at: 0, metres: 90_000, nearest: 88_000)], now: origin.addingTimeInterval(60))
    #expect(advice.level == .allClear)
    #expect(advice.lastThunder == nil)
    #expect(!advice.lightningWithinCloseDistance)
  }

  @Test func aGroupWhoseNearestStrikeIsWithinSixteenKilometresIsThunderHeard() {
    // Its mean is beyond 16 km; its nearest strike, which the advice must not miss, is not.
    let advice = SafetyAdvice(measurements: [group(at: 0, metres: 17_000, nearest: 15_900)], now: origin.addingTimeInterval(60))
    #expect(advice.level == .shelterNow)
    #expect(advice.lastThunderWasDetected)
    #expect(!advice.lightningWithinCloseDistance)
    #expect(!SafetyAdvice.countsAsThunderHeard(group(at: 0, metres: 15_000, nearest: 16_001)))
  }

  @Test func lightningWithinTenKilometresCountsTheNearestStrike() {
    let advice = SafetyAdvice(measurements: [group(at: 0, metres: 12_000, nearest: 9_500)], now: origin.addingTimeInterval(60))
    #expect(advice.lightningWithinCloseDistance)
    let beyond = SafetyAdvice(measurements: [group(at: 0, metres: 9_000, nearest: 10_500)], now: origin.addingTimeInterval(60))
    #expect(!beyond.lightningWithinCloseDistance)
  }

  @Test func aStormIsOverThirtyMinutesAfterItsLastStrikeAtAnyRange() throws {
    // Heard at 0 (12 km), then seen only at 80 km for ten minutes more.
    let history = [group(at: 0, metres: 12_000, nearest: 11_000), group(at: 600, metres: 80_000, nearest: 79_000)]
    let storm = try #require(Storm.current(in: history))
    #expect(storm.overAt == origin.addingTimeInterval(600 + SafetyAdvice.allClearWait))
    let now = origin.addingTimeInterval(SafetyAdvice.allClearWait + 60)
    #expect(!storm.isOver(at: now))
    #expect(SafetyAdvice(measurements: history, now: now).level == .allClear)
  }
}
