import FoundationEssentials

/// Whether a storm is coming or going at a given moment, and how likely it is to come close: the
/// rate of change of its range and the chances, from the nowcast's hypotheses at that moment
/// (``StormMotion``), not an average over the storm.
///
/// The chances are given from a storm's first measurement on; the direction word and the rate need
/// ``MotionThresholds/minimumCount`` measurements over ``MotionThresholds/minimumSpan``. The word
/// is `approaching` (`receding`) only when ``chanceApproaching`` (``chanceReceding``) is at least
/// ``MotionThresholds/directionConfidence`` and the mean rate agrees; otherwise `steady`. So the
/// word and the chance never disagree.
package struct RangeTrend: Equatable, Sendable {
  package enum Direction: String, Equatable, Sendable {
    case approaching
    case receding
    case steady
    case unknown

    /// The word for these chances and this mean rate of change of range. A chance counts as
    /// ``MotionThresholds/directionConfidence`` when it falls short of it only by the rounding of
    /// its sum (``MotionThresholds/shareRounding``).
    init(chanceApproaching: Double, chanceReceding: Double, meanRate: Double) {
      let needed = MotionThresholds.directionConfidence - MotionThresholds.shareRounding
      if meanRate < 0, chanceApproaching >= needed {
        self = .approaching
      } else if meanRate > 0, chanceReceding >= needed {
        self = .receding
      } else {
        self = .steady
      }
    }
  }

  package let direction: Direction
  /// Why the direction is unknown; nil otherwise.
  package let unknownReason: MotionUnknownReason?
  /// The rate of change of range, metres per second, without its sign; nil when unknown.
  package let speed: Double?
  /// One standard deviation of ``speed`` (and of ``rate``).
  package let speedError: Double?
  /// The rate of change of range, metres per second, negative when the range is falling; nil when
  /// unknown. Its standard deviation is ``speedError``.
  package let rate: Double?
  /// The estimated range of the storm's centre at ``asOf``, metres; nil without a measurement.
  package let range: Double?
  /// The chance, 0...1, that the storm's centre is within ``MotionThresholds/closeDistance`` at
  /// some moment of the next ``MotionThresholds/chanceWindow``, now included. Nil without a
  /// forecast (no measurement, or a storm that is over: ``StormMotion/trend(at:forecast:)`` without
  /// one).
  package private(set) var within10kmChance: Double?
  /// The chance, 0...1, that the range is falling faster than ``MotionThresholds/steadyRate`` at
  /// ``asOf``; given exactly when ``within10kmChance`` is.
  package private(set) var chanceApproaching: Double?
  /// The chance that it is rising faster than ``MotionThresholds/steadyRate``.
  package private(set) var chanceReceding: Double?
  /// When the storm comes within ``MotionThresholds/closeDistance``, if it comes: the median among
  /// the outcomes that come within it by ``MotionThresholds/arrivalHorizon``. Given whatever the
  /// direction, when at least ``MotionThresholds/arrivalChance`` of the outcomes come, the
  /// estimated centre is not already inside, and there is a forecast (a storm that is not over).
  package private(set) var within10km: Date?
  /// The 5th and 95th percentiles (``MotionThresholds/arrivalPercentiles``) of when the storm comes
  /// within 10 km, among the outcomes that do (``within10km`` is their median); nil exactly when
  /// ``within10km`` is.
  package private(set) var within10kmEarliest: Date?
  package private(set) var within10kmLatest: Date?
  /// The moment the trend describes.
  package let asOf: Date

  /// No trend: no measurement to make one from.
  init(unknown reason: MotionUnknownReason, asOf: Date) {
    direction = .unknown
    unknownReason = reason
    (speed, speedError, rate, range) = (nil, nil, nil, nil)
    self.asOf = asOf
  }

  /// The trend of `summary`: its direction unknown for `reason` when there is one (too few
  /// measurements to tell); its chances and arrival times from `arrival`, the forecast of coming
  /// within ``MotionThresholds/closeDistance`` (``NowcastSummary/forecastArrival(within:)``), when
  /// there is one.
  init(_ summary: NowcastSummary, unknown reason: MotionUnknownReason?, arrival: ArrivalForecast?) {
    let rates = summary.rangeRate
    let (approaching, receding) = Self.chances(of: rates)
    let range = summary.range.mean
    asOf = summary.date
    unknownReason = reason
    self.range = range
    if reason == nil {
      direction = Direction(chanceApproaching: approaching, chanceReceding: receding, meanRate: rates.mean)
      (speed, speedError, rate) = (abs(rates.mean), rates.standardDeviation, rates.mean)
    } else {
      direction = .unknown
      (speed, speedError, rate) = (nil, nil, nil)
    }
    guard let arrival else { return }
    (chanceApproaching, chanceReceding) = (approaching, receding)
    within10kmChance = arrival.chance
    guard range > MotionThresholds.closeDistance, let times = arrival.times else { return }
    within10kmEarliest = asOf.addingTimeInterval(times.earliest)
    within10km = asOf.addingTimeInterval(times.median)
    within10kmLatest = asOf.addingTimeInterval(times.latest)
  }

  /// The weighted shares of `rates` falling and rising faster than ``MotionThresholds/steadyRate``.
  static func chances(of rates: WeightedSample) -> (approaching: Double, receding: Double) {
    (rates.share { $0 < -MotionThresholds.steadyRate }, rates.share { $0 > MotionThresholds.steadyRate })
  }
}
