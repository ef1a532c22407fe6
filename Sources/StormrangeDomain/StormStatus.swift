import FoundationEssentials

/// Everything `status` reports, computed from the history and the time now: the latest measurement
/// and its uncertainty, the current storm, its trend and motion, and the safety advice.
public struct StormStatus: Sendable {
  /// The latest measurement by date; its history number is `position + 1`.
  public let latest: Measurement
  public let position: Int
  /// ± metres of the latest distance: the measurement's own uncertainty.
  public let uncertainty: Double
  public let storm: Storm
  /// The estimates from the storm's measurements (``StormMotion``).
  public let motion: StormMotion
  /// Whether the storm is coming or going now.
  public let trend: RangeTrend
  /// How it moves over the ground; nil when not known.
  public let groundMotion: GroundMotion?
  public private(set) var advice: SafetyAdvice
  public private(set) var now: Date

  /// The status of `history` at `now`; nil when the history is empty.
  public init?<History: RandomAccessCollection>(history: History, now: Date)
  where History.Element == Measurement, History.Index == Int {
    guard let storm = Storm.current(in: history) else { return nil }
    self.storm = storm
    (position, latest) = storm.latest
    uncertainty = DistanceUncertainty.metres(for: latest)
    motion = StormMotion(observations: storm.measurements.map(RangeObservation.init))
    trend = motion.trend(at: now)
    groundMotion = GroundMotion(motion)
    advice = SafetyAdvice(measurements: storm.measurements, now: now)
    self.now = now
  }

  /// This status at `later`, without recomputing it: the advice and its countdown, and what is said
  /// relative to now (ages, "in about 8 min"), move on with the clock; the trend stays the one
  /// estimated at ``now``. For a display that ticks between computations (`watch`).
  public func at(_ later: Date) -> StormStatus {
    var moved = self
    moved.advice = advice.at(later)
    moved.now = later
    return moved
  }

  /// How many of the storm's measurements have a bearing.
  public var bearingCount: Int { storm.measurements.count { $0.bearing != nil } }
}
