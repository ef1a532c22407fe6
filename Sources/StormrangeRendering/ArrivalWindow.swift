import FoundationEssentials
import StormrangeDomain

/// When an approaching storm comes within 10 km, as text shows it: the 5th and 95th percentiles of
/// the forecast (``RangeTrend/within10kmEarliest``, ``RangeTrend/within10kmLatest``) in whole
/// minutes from now, rounded outward (the earliest down, the latest up), so the window shown is never
/// narrower than the forecast.
struct ArrivalWindow {
  let earliest: Date
  let latest: Date
  let earliestMinutes: Int
  let latestMinutes: Int

  init?(_ trend: RangeTrend, now: Date) {
    guard let earliest = trend.within10kmEarliest, let latest = trend.within10kmLatest else { return nil }
    self.earliest = earliest
    self.latest = latest
    earliestMinutes = max(Int((earliest.timeIntervalSince(now) / 60).rounded(.down)), 0)
    latestMinutes = max(Int((latest.timeIntervalSince(now) / 60).rounded(.up)), 0)
  }
}
