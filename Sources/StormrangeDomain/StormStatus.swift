import FoundationEssentials

/// Everything `status` reports, computed from the history and the time now: the latest measurement
/// and its uncertainty, the current storm and its trend, and the safety advice.
public struct StormStatus: Equatable, Sendable {
  /// The latest measurement by date; its history number is `position + 1`.
  public let latest: Measurement
  public let position: Int
  /// ± metres of the latest distance.
  public let uncertainty: Double
  public let storm: Storm
  /// Nil while the storm has fewer than ``DistanceTrend/minimumCount`` measurements (or they share
  /// one second).
  public let trend: DistanceTrend?
  public let advice: SafetyAdvice
  public let now: Date

  /// The status of `history` at `now`; nil when the history is empty.
  public init?<History: RandomAccessCollection>(history: History, now: Date)
  where History.Element == Measurement, History.Index == Int {
    guard let storm = Storm.current(in: history) else { return nil }
    self.storm = storm
    (position, latest) = storm.latest
    uncertainty = DistanceUncertainty.metres(for: latest)
    trend = DistanceTrend(fitting: storm.measurements)
    advice = SafetyAdvice(measurements: storm.measurements, now: now)
    self.now = now
  }
}
