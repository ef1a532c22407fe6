import FoundationEssentials

/// Everything `status` reports of the current storm, computed from the history and the time now:
/// the latest measurement and its uncertainty, the current storm, its trend and motion, and the
/// safety advice. Measurements ahead of now (``MeasurementRules/isAhead(_:of:)``) are left out of
/// all of it; ``HistoryStatus`` counts them.
///
/// A storm is over 30 minutes after its last thunder (``Storm/isOver(at:)``), the moment of the
/// all-clear. Then no forecast is made: the trend is the one at its last flash, without an arrival
/// within 10 km, and a closest approach is given only once it is past.
package struct StormStatus: Sendable {
  /// The latest measurement by date up to now; its history number is `position + 1`.
  package let latest: Measurement
  package let position: Int
  /// ± metres of the latest distance: the measurement's own uncertainty.
  package let uncertainty: Double
  package let storm: Storm
  /// The nowcast from the storm's measurements (``StormMotion``).
  package let motion: StormMotion
  /// Whether the storm is coming or going: now, or at its last flash once it is over
  /// (``RangeTrend/asOf``).
  package private(set) var trend: RangeTrend
  /// The direction at the storm's last flash, when it differs from ``trend``'s now: with no new
  /// measurement, time alone moved the verdict (the hypotheses that may have stopped or turned since
  /// have grown), and the text says so. Nil when they agree, or when the storm is over.
  package private(set) var directionAtLastFlash: RangeTrend.Direction?
  /// How it moves over the ground; nil when not known. Once the storm is over, without a closest
  /// approach that is still ahead.
  package var groundMotion: GroundMotion? {
    guard isOver, let motion = estimatedGroundMotion, let closest = motion.closestApproach, closest.date > now
    else { return estimatedGroundMotion }
    return motion.withoutClosestApproach
  }
  package private(set) var advice: SafetyAdvice
  package private(set) var now: Date
  /// Whether the storm is over: its last thunder was 30 minutes or more before ``now``.
  package private(set) var isOver: Bool

  private let estimatedGroundMotion: GroundMotion?

  /// The status of `history` at `now`; nil when no measurement is up to now (an empty history, or
  /// all of it ahead).
  package init?<History: RandomAccessCollection>(history: History, now: Date)
  where History.Element == Measurement, History.Index == Int {
    self.init(RecentHistory(history: history, now: now), now: now)
  }

  init?(_ recent: RecentHistory, now: Date) {
    guard let storm = recent.storm else { return nil }
    // Not only the storm's measurements: a close flash of an earlier storm may have been heard in
    // the last 30 minutes.
    self.init(storm: storm, advice: SafetyAdvice(measurements: recent.advised, now: now), now: now)
  }

  /// The status of `storm` (or of one of its cells) at `now`, with the advice for every
  /// measurement that counts at `now`.
  init(storm: Storm, advice: SafetyAdvice, now: Date) {
    self.storm = storm
    (position, latest) = storm.latest
    uncertainty = DistanceUncertainty.metres(for: latest)
    motion = StormMotion(observations: storm.measurements.map(RangeObservation.init))
    isOver = storm.isOver(at: now)
    trend = Self.trend(of: motion, in: storm, over: isOver, now: now)
    directionAtLastFlash = Self.directionAtLastFlash(of: motion, in: storm, over: isOver, trend: trend)
    // As of the last flash, whether the storm is over or not: where and when it passes is a property
    // of its course, the same in every status of the storm.
    estimatedGroundMotion = motion.groundMotion(at: storm.end)
    self.advice = advice
    self.now = now
  }

  /// This status at `later`, without recomputing it: the advice and its countdown, and what is said
  /// relative to now (ages, "in about 8 min"), move on with the clock, and the storm ends at its
  /// moment; the trend of a storm that is not over stays the one estimated at ``now``. For a display
  /// that ticks between computations (`watch`), up to ``nextChange(after:)``.
  package func at(_ later: Date) -> StormStatus {
    var moved = self
    moved.advice = advice.at(later)
    moved.now = later
    moved.isOver = storm.isOver(at: later)
    if moved.isOver, !isOver {
      moved.trend = Self.trend(of: motion, in: storm, over: true, now: later)
      moved.directionAtLastFlash = nil
    }
    return moved
  }

  /// The next moment after `now` at which this status changes by itself, with no new measurement:
  /// the advice's next change (``SafetyAdvice/nextChange(after:)``), which includes the storm's end.
  package func nextChange(after now: Date) -> Date? {
    [advice.nextChange(after: now), storm.overAt].compactMap { $0 }.filter { $0 > now }.min()
  }

  /// The direction at the last flash, when it differs from `trend`'s; nil when it does not, or once
  /// the storm is over (its trend is then the one at its last flash).
  private static func directionAtLastFlash(
    of motion: StormMotion, in storm: Storm, over: Bool, trend: RangeTrend
  ) -> RangeTrend.Direction? {
    guard !over, trend.asOf > storm.end else { return nil }
    let then = motion.trend(at: storm.end, forecast: false).direction
    return then == trend.direction ? nil : then
  }

  /// The trend now, or for a storm that is over, at its last flash and without a forecast.
  private static func trend(of motion: StormMotion, in storm: Storm, over: Bool, now: Date) -> RangeTrend {
    over ? motion.trend(at: storm.end, forecast: false) : motion.trend(at: now)
  }
}
