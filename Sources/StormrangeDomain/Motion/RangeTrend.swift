import FoundationEssentials

/// Whether a storm is coming or going at a given moment: the rate of change of its range, from the
/// nowcast's state at that moment (``StormMotion``), not an average over the storm. The storm is
/// approaching or receding only when at least ``MotionModel/directionConfidence`` of the
/// hypotheses agree; otherwise it is steady.
public struct RangeTrend: Equatable, Sendable {
  public enum Direction: String, Equatable, Sendable {
    case approaching
    case receding
    case steady
    case unknown

    /// The direction from the hypotheses' rates of change of range: approaching (receding) when at
    /// least ``MotionModel/directionConfidence`` of their weight has the range falling (rising) and
    /// so does their mean, which the rate shown is; else steady. A hypothesis at rest (rate 0)
    /// counts for neither.
    init(rates: WeightedSample) {
      // Weights of 1/2000 summed 1800 times come to a hair under 0.9.
      let needed = MotionModel.directionConfidence - 1e-9
      let mean = rates.mean
      if mean < 0, rates.share(where: { $0 < 0 }) >= needed {
        self = .approaching
      } else if mean > 0, rates.share(where: { $0 > 0 }) >= needed {
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
  /// The estimated range of the storm's centre at ``asOf``, metres; nil when unknown.
  public let range: Double?
  /// When an approaching storm comes within ``MotionModel/closeDistance``: the median of the
  /// forecast among the outcomes that come within it. Nil when the storm is not approaching, its
  /// range is already inside, fewer than ``NowcastModel/arrivalChance`` of the outcomes come within
  /// it by the forecast horizon (``NowcastModel/horizon``), or no forecast is made
  /// (``withoutForecast``).
  public private(set) var within10km: Date?
  /// The 5th and 95th percentiles of when the storm comes within 10 km, among the outcomes that do
  /// (``within10km`` is their median); nil exactly when ``within10km`` is.
  public private(set) var within10kmEarliest: Date?
  public private(set) var within10kmLatest: Date?
  /// The moment the trend describes.
  public let asOf: Date

  init(unknown reason: MotionUnknownReason, asOf: Date) {
    direction = .unknown
    unknownReason = reason
    (speed, speedError, rate, range) = (nil, nil, nil, nil)
    self.asOf = asOf
  }

  /// This trend without a forecast: no arrival within 10 km. For a storm that is over.
  public var withoutForecast: RangeTrend {
    var trend = self
    trend.within10km = nil
    trend.within10kmEarliest = nil
    trend.within10kmLatest = nil
    return trend
  }

  init(_ nowcast: Nowcast) {
    let rate = nowcast.rangeRate.mean
    let error = nowcast.rangeRate.standardDeviation
    direction = Direction(rates: nowcast.rangeRate)
    unknownReason = nil
    speed = abs(rate)
    speedError = error
    self.rate = rate
    let range = nowcast.range.mean
    self.range = range
    asOf = nowcast.date
    guard direction == .approaching, range > MotionModel.closeDistance,
      let arrival = nowcast.arrival(within: MotionModel.closeDistance)
    else { return }
    (within10kmEarliest, within10km, within10kmLatest) = arrival
  }
}
