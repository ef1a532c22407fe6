import FoundationEssentials

/// Whether a storm is coming or going at a given moment: the rate of change of its range.
///
/// From the closest-approach fit (``RangeMotion``) when that is determined, because on a curved
/// range history the rate changes while the storm's speed does not; otherwise from a straight line
/// through range against time. Either way the errors include the strike scatter, and the storm is
/// approaching or receding only when the rate is at least ``MotionModel/significance`` standard
/// errors from zero; otherwise it is steady.
public struct RangeTrend: Equatable, Sendable {
  public enum Direction: String, Equatable, Sendable {
    case approaching
    case receding
    case steady
    case unknown
  }

  /// Where the figures come from.
  public enum Basis: Equatable, Sendable {
    /// A straight line through range against time.
    case straightLine
    /// The closest-approach curve of ``RangeMotion``.
    case closestApproach
    /// The track from bearings (``TrackMotion``).
    case track
  }

  public let direction: Direction
  /// Why the direction is unknown; nil otherwise.
  public let unknownReason: MotionUnknownReason?
  /// The rate of change of range, metres per second, without its sign; nil when unknown.
  public let speed: Double?
  /// One standard error of ``speed``.
  public let speedError: Double?
  /// The rate of change of range, metres per second, negative when the range is falling; nil when
  /// unknown. Its standard error is ``speedError``.
  public let rate: Double?
  /// When an approaching storm comes within ``MotionModel/closeDistance``; nil when its fitted
  /// range is already inside, or it is not approaching, or (on a curve) it passes farther out, or
  /// no forecast is made (``withoutForecast``).
  public private(set) var within10km: Date?
  /// The 5th and 95th percentiles of when the storm comes within 10 km; nil exactly when
  /// ``within10km`` is, and ``within10kmLatest`` also when more than 5 % of the outcomes stay out
  /// beyond the forecast horizon.
  public private(set) var within10kmEarliest: Date?
  public private(set) var within10kmLatest: Date?
  /// Nil when unknown.
  public let basis: Basis?
  /// The moment the trend describes.
  public let asOf: Date

  init(unknown reason: MotionUnknownReason, asOf: Date) {
    direction = .unknown
    unknownReason = reason
    (speed, speedError, rate, within10km, basis) = (nil, nil, nil, nil, nil)
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

  /// The trend of a rate with its error, `range` the fitted range now, `arrival` when the fit
  /// reaches 10 km if it is falling towards it.
  /// How far ahead an arrival within 10 km is predicted: a storm's track is not straight for longer.
  public static let predictionHorizon: Double = 3 * 3600

  init(rate: Double, error: Double, range: Double, arrival: Date?, basis: Basis, now: Date) {
    if abs(rate) < MotionModel.significance * error {
      direction = .steady
    } else {
      direction = rate < 0 ? .approaching : .receding
    }
    unknownReason = nil
    speed = abs(rate)
    speedError = error
    self.rate = rate
    let predictable = arrival.map { $0.timeIntervalSince(now) <= Self.predictionHorizon } ?? false
    within10km = direction == .approaching && range > MotionModel.closeDistance && predictable ? arrival : nil
    self.basis = basis
    asOf = now
  }
}
