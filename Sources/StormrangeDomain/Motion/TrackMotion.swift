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
    // The delta method on a length is blind at zero (|x| has no slope there): a storm that does
    // not move would get ± 0. Near zero the velocity's own spread takes over smoothly: with s the
    // root mean square of the fitted velocity's error (√ of the sum of its two variances),
    // s²/√(speed² + s²) is s at rest, the typical size of a velocity fitted to a storm that does
    // not move, and vanishes for a fast storm, where the delta method is right.
    let spread = (covariance[2, 2] + covariance[3, 3]).squareRoot()
    speedError = max(
      DeltaMethod.standardError(of: Self.speed, at: parameters, covariance: covariance),
      spread * spread / (speed * speed + spread * spread).squareRoot())
    guard speed >= MotionModel.significance * speedError else {
      (heading, headingError, closestApproach) = (nil, nil, nil)
      return
    }
    heading = Self.heading(parameters)
    headingError = DeltaMethod.standardError(
      of: Self.heading, at: parameters, covariance: covariance, isAngle: true)
    // The closest distance's error comes from its signed form (left or right of the track), which
    // is smooth where the track passes over the observer; the side, and so the bearing of the
    // closest point, is known only when the distance is significant.
    let signed = Self.signedClosestDistance(parameters)
    let distanceError = DeltaMethod.standardError(
      of: Self.signedClosestDistance, at: parameters, covariance: covariance)
    let sideKnown = abs(signed) >= MotionModel.significance * distanceError
    closestApproach = ClosestApproach(
      distance: abs(signed), distanceError: distanceError,
      date: clock.date(Self.closestTime(parameters)),
      dateError: DeltaMethod.standardError(of: Self.closestTime, at: parameters, covariance: covariance),
      bearing: sideKnown ? Self.closestBearing(parameters) : nil,
      bearingError: sideKnown
        ? DeltaMethod.standardError(
          of: Self.closestBearing, at: parameters, covariance: covariance, isAngle: true)
        : nil)
  }

  /// The fitted range at `date`, metres.
  public func range(at date: Date) -> Double {
    let position = position(at: date)
    return (position.east * position.east + position.north * position.north).squareRoot()
  }

  /// The rate of change of range at `date`, metres per second (negative while approaching), and
  /// its standard error: the velocity's component along the line of sight.
  public func rangeRate(at date: Date) -> (value: Double, error: Double) {
    let time = clock.seconds(date)
    let rate = { (parameters: [Double]) -> Double in
      let east = parameters[0] + parameters[2] * time
      let north = parameters[1] + parameters[3] * time
      return (east * parameters[2] + north * parameters[3])
        / max((east * east + north * north).squareRoot(), 1e-9)
    }
    return (
      rate(fit.parameters),
      DeltaMethod.standardError(of: rate, at: fit.parameters, covariance: fit.covariance)
    )
  }

  /// When the storm first comes within `distance` metres, or nil if it never does.
  public func date(within distance: Double) -> Date? {
    guard let closest = closestApproach, closest.distance < distance, speed > 0 else { return nil }
    let halfChord = (distance * distance - closest.distance * closest.distance).squareRoot() / speed
    return closest.date.addingTimeInterval(-halfChord)
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

  /// The closest distance with a sign for the side: the cross product of position and velocity
  /// over the speed (positive when the observer is to the track's left).
  static func signedClosestDistance(_ parameters: [Double]) -> Double {
    (parameters[0] * parameters[3] - parameters[1] * parameters[2]) / max(speed(parameters), 1e-12)
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
