import FoundationEssentials

/// Whether a storm is coming or going at a given moment, and how likely it is to come close: the
/// rate of change of its range and the chances, from the nowcast's hypotheses at that moment
/// (``StormMotion``), not an average over the storm.
///
/// The chances are given from a storm's first measurement on; the direction word and the rate need
/// ``StormMotion/minimumCount`` measurements over ``MotionModel/minimumSpan``. The word is
/// `approaching` (`receding`) only when ``chanceApproaching`` (``chanceReceding``) is at least
/// ``MotionModel/directionConfidence`` and the mean rate agrees; otherwise `steady`. So the word
/// and the chance never disagree.
public struct RangeTrend: Equatable, Sendable {
  public enum Direction: String, Equatable, Sendable {
    case approaching
    case receding
    case steady
    case unknown

    /// The word for the hypotheses' rates of change of range (``chances(of:)``).
    init(rates: WeightedSample) {
      let (approaching, receding) = RangeTrend.chances(of: rates)
      self.init(chanceApproaching: approaching, chanceReceding: receding, meanRate: rates.mean)
    }

    /// The word for these chances and this mean rate of change of range.
    init(chanceApproaching: Double, chanceReceding: Double, meanRate: Double) {
      // Weights of 1/2000 summed 1800 times come to a hair under 0.9.
      let needed = MotionModel.directionConfidence - 1e-9
      if meanRate < 0, chanceApproaching >= needed {
        self = .approaching
      } else if meanRate > 0, chanceReceding >= needed {
        self = .receding
      } else {
        self = .steady
      }
    }
  }

  public let direction: Direction
  /// Why the direction is unknown; nil otherwise.
  public let unknownReason: MotionUnknownReason?
  /// The rate of change of range, metres per second, without its sign; nil when unknown.
  public let speed: Double?
  /// One standard deviation of ``speed`` (and of ``rate``).
  public let speedError: Double?
  /// The rate of change of range, metres per second, negative when the range is falling; nil when
  /// unknown. Its standard deviation is ``speedError``.
  public let rate: Double?
  /// The estimated range of the storm's centre at ``asOf``, metres; nil without a measurement.
  public let range: Double?
  /// The chance, 0...1, that the storm's centre is within ``MotionModel/closeDistance`` at some
  /// moment of the next ``MotionModel/chanceWindow``, now included. Nil without a forecast (no
  /// measurement, or a storm that is over: ``StormMotion/trend(at:forecast:)`` without one).
  public private(set) var within10kmChance: Double?
  /// The chance, 0...1, that the range is falling faster than ``MotionModel/steadyRate`` at
  /// ``asOf``; given exactly when ``within10kmChance`` is.
  public private(set) var chanceApproaching: Double?
  /// The chance that it is rising faster than ``MotionModel/steadyRate``.
  public private(set) var chanceReceding: Double?
  /// When the storm comes within ``MotionModel/closeDistance``, if it comes: the median among the
  /// outcomes that come within it by ``NowcastModel/horizon``. Given whatever the direction, when
  /// at least ``NowcastModel/arrivalChance`` of the outcomes come, the estimated centre is not
  /// already inside, and there is a forecast (a storm that is not over).
  public private(set) var within10km: Date?
  /// The 5th and 95th percentiles of when the storm comes within 10 km, among the outcomes that do
  /// (``within10km`` is their median); nil exactly when ``within10km`` is.
  public private(set) var within10kmEarliest: Date?
  public private(set) var within10kmLatest: Date?
  /// The moment the trend describes.
  public let asOf: Date

  /// No trend: no measurement to make one from.
  init(unknown reason: MotionUnknownReason, asOf: Date) {
    direction = .unknown
    unknownReason = reason
    (speed, speedError, rate, range) = (nil, nil, nil, nil)
    self.asOf = asOf
  }

  /// The trend of `nowcast`: its direction unknown for `reason` when there is one (too few
  /// measurements to tell), its chances and arrival times always, from one forward run when
  /// `forecast` is true.
  init(_ nowcast: Nowcast, unknown reason: MotionUnknownReason?, forecast: Bool) {
    let rates = nowcast.rangeRate
    let (approaching, receding) = Self.chances(of: rates)
    let range = nowcast.range.mean
    asOf = nowcast.date
    unknownReason = reason
    self.range = range
    if reason == nil {
      direction = Direction(chanceApproaching: approaching, chanceReceding: receding, meanRate: rates.mean)
      (speed, speedError, rate) = (abs(rates.mean), rates.standardDeviation, rates.mean)
    } else {
      direction = .unknown
      (speed, speedError, rate) = (nil, nil, nil)
    }
    guard forecast else { return }
    (chanceApproaching, chanceReceding) = (approaching, receding)
    let arrival = nowcast.forecast(within: MotionModel.closeDistance)
    within10kmChance = arrival.chance
    guard range > MotionModel.closeDistance, let times = arrival.times else { return }
    within10kmEarliest = asOf.addingTimeInterval(times.earliest)
    within10km = asOf.addingTimeInterval(times.median)
    within10kmLatest = asOf.addingTimeInterval(times.latest)
  }

  /// The weighted shares of `rates` falling and rising faster than ``MotionModel/steadyRate``.
  static func chances(of rates: WeightedSample) -> (approaching: Double, receding: Double) {
    (rates.share { $0 < -MotionModel.steadyRate }, rates.share { $0 > MotionModel.steadyRate })
  }
}
