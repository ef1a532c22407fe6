import FoundationEssentials
import StormrangeBase
import Testing

@testable import StormrangeDomain
@testable import StormrangeRendering

/// The advice's words for a lightning network's located groups: a strike too far to hear is no
/// thunder to count from, one within 16 km is named as such, and a storm over since a far strike
/// says lightning, not thunder. Found by an adversarial probe of 1.3, which saw the all-clear give
/// the clock's time as the last thunder.
@Suite struct StatusReportLocatedTests {
  let start = ISO8601Time.parse("2026-07-01T15:40:00Z")!

  /// A group `minutes` after `start`, its mean `kilometres` away and its nearest strike `nearest`.
  func group(_ minutes: Double, kilometres: Double, nearest: Double) -> Measurement {
    let fix = LocatedFix(
      source: DetectorSource("blitzortung", kind: .located)!,
      position: GeoPosition(latitude: 52, longitude: 13)!,
      nearest: nearest * 1000, strikes: 5, spread: 1_000)
    return Measurement(
      date: start.addingTimeInterval(minutes * 60), distance: kilometres * 1000, origin: .located(fix),
      bearing: nil,
      note: nil)
  }

  func text(_ history: [Measurement], minutes: Double, unit: DistanceUnit = .kilometres) -> String {
    let status = StormStatus(history: history, now: start.addingTimeInterval(minutes * 60))!
    return StatusReport(status: status, unit: unit, repertoire: .unicode, localTime: .utc).block
  }

  @Test func strikesTooFarToHearGiveNoTimeOfThunder() {
    let text = text([group(0, kilometres: 25, nearest: 16.01)], minutes: 5)
    #expect(text.contains("advice     all clear: no lightning within 16 km in the last 30 minutes"))
    #expect(!text.contains("the last thunder was"))
  }

  @Test func aStrikeNearEnoughToHearIsNamedWithTheDistanceThatCounts() {
    let shelter = text([group(0, kilometres: 20, nearest: 12)], minutes: 1)
    #expect(shelter.contains("SHELTER NOW: lightning was detected within 16 km 1 min ago (15:40:00)"))
    // The nearest strike, which the advice counts, is shown beside the group's own distance.
    #expect(shelter.contains("(blitzortung, 5 strikes, nearest 12.00 km, flash at 15:40:00"), "\(shelter)")
    let clear = text([group(0, kilometres: 20, nearest: 12)], minutes: 45)
    #expect(clear.contains("all clear: lightning within 16 km was last detected 45 min ago (15:40:00)"))
    // In miles as the close lightning's 10 km is: both distances through one formatter.
    let miles = text([group(0, kilometres: 20, nearest: 12)], minutes: 1, unit: .miles)
    #expect(miles.contains("lightning was detected within 16 km (10 mi)"))
  }

  @Test func aStormOverSinceAFarStrikeSaysLightning() {
    let text = text(
      [group(0, kilometres: 12, nearest: 11), group(10, kilometres: 40, nearest: 39)], minutes: 45)
    #expect(text.contains("the storm is over: no lightning since 15:50:00"))
    #expect(text.contains("all clear: lightning within 16 km was last detected 45 min ago (15:40:00)"))
  }
}
