import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// A storm's track over the ground from ranges with bearings.
///
/// Each measurement becomes a position east and north of the observer, and a straight track at
/// constant velocity, `p(t) = p₀ + u·t`, is fitted by weighted least squares. Each position's
/// error is an ellipse: along the line of sight the range error (its own uncertainty ⊕ the strike
/// scatter), across it the bearing error (``MotionModel/bearingError`` × range) ⊕ the strike
/// scatter, because strikes scatter across a cell as much as along it. The scatter is estimated
/// from the residuals of both components (``StrikeScatter``).
///
/// From the track: the speed over the ground, the heading the storm moves toward, and the closest
/// point of approach (distance, time and bearing); their standard errors propagate the fit's
/// covariance (``DeltaMethod``). Heading and closest approach need a speed significant at 2σ: a
/// storm that is not seen to move has neither.
public struct TrackMotion: Sendable {
  /// Four parameters need at least two positions; the third is the first that shows scatter.
  public static let minimumCount = 3

  /// Speed over the ground, metres per second, and its standard error.
  public let speed: Double
  public let speedError: Double
  /// Degrees clockwise from north toward which the storm moves, and its standard error; nil when
  /// the speed is not significant.
  public let heading: Double?
  public let headingError: Double?
  /// Nil when the speed is not significant.
  public let closestApproach: ClosestApproach?
  /// The strike scatter the fit found, metres.
  public let scatter: Double

  let clock: ObservationClock
  /// `[east, north, east speed, north speed]` at ``clock``'s reference.
  let fit: ScatteredLeastSquares

  /// The track of `observations` that have a bearing, or the reason there is none.
  public static func fitting(_ observations: [RangeObservation]) -> TrackEstimate {
    let located = observations.filter { $0.bearing != nil }
    let clock = ObservationClock(located)
    if let reason = clock.shortfall(count: located.count, needed: minimumCount) { return .unknown(reason) }
    guard let fit = ScatteredLeastSquares(start: [0, 0, 0, 0], evaluate: residuals(located, clock: clock))
    else { return .unknown(.undetermined) }
    let speed = Self.speed(fit.parameters)
    guard speed <= MotionModel.maximumSpeed else { return .unknown(.inconsistent(speed: speed)) }
    return .known(TrackMotion(fit: fit, clock: clock))
  }

  init(fit: ScatteredLeastSquares, clock: ObservationClock) {
    self.fit = fit
    self.clock = clock
    scatter = fit.scatter
    let parameters = fit.parameters
    let covariance = fit.covariance
    speed = Self.speed(parameters)
    speedError = DeltaMethod.standardError(of: Self.speed, at: parameters, covariance: covariance)
    guard speed >= MotionModel.significance * speedError else {
      (heading, headingError, closestApproach) = (nil, nil, nil)
      return
    }
    heading = Self.heading(parameters)
    headingError = DeltaMethod.standardError(
      of: Self.heading, at: parameters, covariance: covariance, isAngle: true)
    closestApproach = ClosestApproach(
      distance: Self.closestDistance(parameters),
      distanceError: DeltaMethod.standardError(
        of: Self.closestDistance, at: parameters, covariance: covariance),
      date: clock.date(Self.closestTime(parameters)),
      dateError: DeltaMethod.standardError(of: Self.closestTime, at: parameters, covariance: covariance),
      bearing: Self.closestBearing(parameters),
      bearingError: DeltaMethod.standardError(
        of: Self.closestBearing, at: parameters, covariance: covariance, isAngle: true))
  }

  /// The fitted position at `date`: metres east and north of the observer.
  public func position(at date: Date) -> (east: Double, north: Double) {
    let time = clock.seconds(date)
    return (fit.parameters[0] + fit.parameters[2] * time, fit.parameters[1] + fit.parameters[3] * time)
  }

  static func speed(_ parameters: [Double]) -> Double {
    (parameters[2] * parameters[2] + parameters[3] * parameters[3]).squareRoot()
  }

  static func heading(_ parameters: [Double]) -> Double {
    Self.compassDegrees(east: parameters[2], north: parameters[3])
  }

  /// Seconds from the reference to the closest point: where the position is square to the velocity.
  static func closestTime(_ parameters: [Double]) -> Double {
    let speedSquare = parameters[2] * parameters[2] + parameters[3] * parameters[3]
    return -(parameters[0] * parameters[2] + parameters[1] * parameters[3]) / speedSquare
  }

  static func closestPoint(_ parameters: [Double]) -> (east: Double, north: Double) {
    let time = closestTime(parameters)
    return (parameters[0] + parameters[2] * time, parameters[1] + parameters[3] * time)
  }

  static func closestDistance(_ parameters: [Double]) -> Double {
    let point = closestPoint(parameters)
    return (point.east * point.east + point.north * point.north).squareRoot()
  }

  static func closestBearing(_ parameters: [Double]) -> Double {
    let point = closestPoint(parameters)
    return compassDegrees(east: point.east, north: point.north)
  }

  /// Degrees clockwise from north, 0..<360.
  static func compassDegrees(east: Double, north: Double) -> Double {
    let degrees = atan2(east, north) * 180 / .pi
    return degrees < 0 ? degrees + 360 : degrees
  }

  /// Two components per position: along the line of sight and across it.
  static func residuals(_ observations: [RangeObservation], clock: ObservationClock)
    -> ([Double]) -> [ResidualComponent]
  {
    let bearingError = MotionModel.bearingError * .pi / 180
    let geometry = observations.map { observation in
      let angle = (observation.bearing ?? 0) * .pi / 180
      return (time: clock.seconds(observation.date), east: sin(angle), north: cos(angle))
    }
    return { parameters in
      zip(geometry, observations).flatMap { (line, observation) -> [ResidualComponent] in
        let east = parameters[0] + parameters[2] * line.time
        let north = parameters[1] + parameters[3] * line.time
        let across = bearingError * observation.distance
        return [
          ResidualComponent(
            residual: east * line.east + north * line.north - observation.distance,
            ownVariance: observation.uncertainty * observation.uncertainty,
            gradient: [line.east, line.north, line.east * line.time, line.north * line.time]),
          ResidualComponent(
            residual: east * line.north - north * line.east, ownVariance: across * across,
            gradient: [line.north, -line.east, line.north * line.time, -line.east * line.time]),
        ]
      }
    }
  }
}
