import FoundationEssentials

/// Whether a storm is coming or going: a least-squares line through its distances against time.
///
/// A storm counts as **steady** when the fitted speed is under ``steadySpeed`` (3 km/h, a storm
/// that would need over three hours to close 10 km), or when the speed is less than twice its own
/// standard error given the timing uncertainty of each measurement (±0.42 s of delay, see
/// ``DistanceUncertainty``). The second rule keeps three quick taps a few seconds apart, whose
/// differences are mostly reaction time, from being reported as a storm racing in.
public struct DistanceTrend: Equatable, Sendable {
  public enum Direction: Equatable, Sendable {
    case approaching
    case receding
    case steady
  }

  /// A trend needs at least three measurements: two always lie on a line.
  public static let minimumCount = 3
  /// Metres per second below which a storm is steady: 3 km/h.
  public static let steadySpeed = 3.0 / 3.6
  /// The distance the NWS treats as "lightning is close": 10 km (about 30 s of delay).
  public static let closeDistance = 10_000.0

  /// Change of distance over time, metres per second; negative while approaching.
  public let velocity: Double
  /// The standard error of `velocity` from the timing uncertainty alone.
  public let velocityUncertainty: Double
  public let direction: Direction
  /// A point on the fitted line: the mean date, and the mean distance, which the line goes through.
  let centreDate: Date
  let centreDistance: Double

  /// The fit through `measurements`, or nil when there are fewer than ``minimumCount`` or they
  /// were all taken in the same second (no time to measure a speed over).
  public init?(fitting measurements: [Measurement]) {
    guard measurements.count >= Self.minimumCount else { return nil }
    let count = Double(measurements.count)
    // Times relative to the first measurement keep the sums well-conditioned.
    let origin = measurements[0].date
    let times = measurements.map { $0.date.timeIntervalSince(origin) }
    let meanTime = times.reduce(0, +) / count
    let meanDistance = measurements.reduce(0) { $0 + $1.distance } / count
    var spread = 0.0
    var covariance = 0.0
    var variance = 0.0
    for (time, measurement) in zip(times, measurements) {
      spread += (time - meanTime) * (time - meanTime)
      covariance += (time - meanTime) * (measurement.distance - meanDistance)
      let uncertainty = DistanceUncertainty.metres(for: measurement)
      variance += uncertainty * uncertainty
    }
    guard spread > 0 else { return nil }
    velocity = covariance / spread
    velocityUncertainty = (variance / count).squareRoot() / spread.squareRoot()
    centreDate = origin.addingTimeInterval(meanTime)
    centreDistance = meanDistance
    if abs(velocity) < Self.steadySpeed || abs(velocity) < 2 * velocityUncertainty {
      direction = .steady
    } else {
      direction = velocity < 0 ? .approaching : .receding
    }
  }

  /// Metres per second, without the sign.
  public var speed: Double { abs(velocity) }

  /// The fitted distance at `date`.
  public func distance(at date: Date) -> Double {
    centreDistance + velocity * date.timeIntervalSince(centreDate)
  }

  /// When an approaching storm's fitted line reaches `distance` metres; nil unless approaching.
  public func arrival(within distance: Double = closeDistance) -> Date? {
    guard direction == .approaching else { return nil }
    return centreDate.addingTimeInterval((distance - centreDistance) / velocity)
  }
}
