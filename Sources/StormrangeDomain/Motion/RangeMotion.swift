import FoundationEssentials

/// A storm's motion over the ground from its ranges alone.
///
/// A storm on a straight track at constant speed `v`, passing the observer at distance `d` at time
/// `t₀`, is at range `r(t) = √(v²(t − t₀)² + d²)`: the range falls, bottoms out at `d` and rises
/// again. A weighted nonlinear least-squares fit of that curve (Levenberg–Marquardt, started from
/// the quadratic `r² = αt² + βt + γ`, which is linear in its coefficients) gives `v`, `d` and `t₀`.
/// Ranges alone cannot tell the heading or on which side the storm passes.
///
/// The fit is kept only when it is determined: at least ``minimumCount`` measurements over at
/// least ``MotionModel/minimumSpan``; finite parameters with a finite covariance; a speed under
/// ``MotionModel/maximumSpeed`` and significant at 2σ; and a curve that fits significantly better
/// than a straight line (the weighted sum of squares falls by at least 9: the curvature is
/// resolved at 3σ). A storm seen only while coming straight in shows no curvature, and its closest
/// approach is then unknown.
public struct RangeMotion: Sendable {
  /// Three parameters and at least three degrees of freedom for the scatter and the test of the
  /// curvature.
  public static let minimumCount = 6
  /// Standard errors by which the curve must beat a straight line. A curve says more than a line
  /// (the storm is about to pass, not arrive), so it needs more than the usual 2σ: at 2σ about
  /// one storm in twenty coming straight in would be taken for one passing by.
  public static let curvatureSignificance = 3.0

  /// Speed over the ground, metres per second, and its standard error.
  public let speed: Double
  public let speedError: Double
  /// The closest approach; its ``ClosestApproach/bearing`` is nil.
  public let closestApproach: ClosestApproach
  /// The strike scatter the fit found, metres.
  public let scatter: Double

  let clock: ObservationClock
  /// `[v, t₀, d]`, `t₀` in seconds of ``clock``; `v` and `d` may come out negative (only their
  /// squares matter).
  let fit: ScatteredLeastSquares

  /// The fit of `observations` (one storm, any order), or nil when it is not determined.
  public init?(observations: [RangeObservation]) {
    let clock = ObservationClock(observations)
    guard clock.shortfall(count: observations.count, needed: Self.minimumCount) == nil,
      let start = Self.start(observations, clock: clock),
      let fit = ScatteredLeastSquares(start: start, evaluate: Self.residuals(observations, clock: clock)),
      let line = StraightLineTrend(observations, clock: clock, fixedScatter: fit.scatter)
    else { return nil }
    let speed = abs(fit.parameters[0])
    let speedError = fit.covariance[0, 0].squareRoot()
    let curvature = line.fit.chiSquare - fit.chiSquare
    guard speed <= MotionModel.maximumSpeed, speed >= MotionModel.significance * speedError,
      curvature >= Self.curvatureSignificance * Self.curvatureSignificance
    else { return nil }
    self.clock = clock
    self.fit = fit
    self.speed = speed
    self.speedError = speedError
    self.scatter = fit.scatter
    closestApproach = ClosestApproach(
      distance: abs(fit.parameters[2]), distanceError: fit.covariance[2, 2].squareRoot(),
      date: clock.date(fit.parameters[1]), dateError: fit.covariance[1, 1].squareRoot(),
      bearing: nil, bearingError: nil)
  }

  /// The fitted range at `date`, metres.
  public func range(at date: Date) -> Double {
    Self.range(fit.parameters, at: clock.seconds(date))
  }

  /// The rate of change of range at `date`, metres per second (negative while approaching), and
  /// its standard error.
  public func rangeRate(at date: Date) -> (value: Double, error: Double) {
    let time = clock.seconds(date)
    let rate = { (parameters: [Double]) -> Double in
      let speedSquare = parameters[0] * parameters[0]
      return speedSquare * (time - parameters[1]) / max(Self.range(parameters, at: time), 1e-9)
    }
    return (
      rate(fit.parameters),
      DeltaMethod.standardError(of: rate, at: fit.parameters, covariance: fit.covariance)
    )
  }

  /// When the storm first comes within `distance` metres, or nil if it never does.
  public func date(within distance: Double) -> Date? {
    let closest = closestApproach.distance
    guard closest < distance else { return nil }
    let halfChord = (distance * distance - closest * closest).squareRoot() / speed
    return clock.date(fit.parameters[1] - halfChord)
  }

  static func range(_ parameters: [Double], at time: Double) -> Double {
    let along = parameters[0] * (time - parameters[1])
    return (along * along + parameters[2] * parameters[2]).squareRoot()
  }

  static func residuals(_ observations: [RangeObservation], clock: ObservationClock)
    -> ([Double]) -> [ResidualComponent]
  {
    let times = observations.map { clock.seconds($0.date) }
    return { parameters in
      let (speed, closestTime, closest) = (parameters[0], parameters[1], parameters[2])
      return zip(times, observations).map { time, observation in
        let range = max(Self.range(parameters, at: time), 1e-9)
        let elapsed = time - closestTime
        return ResidualComponent(
          residual: range - observation.distance,
          ownVariance: observation.uncertainty * observation.uncertainty,
          gradient: [speed * elapsed * elapsed / range, -speed * speed * elapsed / range, closest / range])
      }
    }
  }

  /// A starting point from the quadratic `r² = αt² + βt + γ` fitted by linear least squares
  /// (`v² = α`, `t₀ = −β/2α`, `d² = γ − β²/4α`), or nil when it opens downwards, which no
  /// straight track gives.
  static func start(_ observations: [RangeObservation], clock: ObservationClock) -> [Double]? {
    let quadratic = ScatteredLeastSquares(
      start: [0, 0, 0], fixedScatter: 0,
      evaluate: { coefficients in
        observations.map {
          let time = clock.seconds($0.date)
          let sigma = 2 * $0.distance * max($0.uncertainty, MotionModel.scatterFloor)
          return ResidualComponent(
            residual: coefficients[0] * time * time + coefficients[1] * time + coefficients[2]
              - $0.distance * $0.distance,
            ownVariance: sigma * sigma, gradient: [time * time, time, 1])
        }
      })
    guard let coefficients = quadratic?.parameters, coefficients[0] > 0 else { return nil }
    let (alpha, beta, gamma) = (coefficients[0], coefficients[1], coefficients[2])
    let closestSquare = gamma - beta * beta / (4 * alpha)
    let nearest = observations.map(\.distance).min() ?? 0
    let closest = closestSquare > 0 ? closestSquare.squareRoot() : max(nearest / 2, 100)
    return [alpha.squareRoot(), -beta / (2 * alpha), closest]
  }
}
