/// What a bearing says of where the storm's centre is: judged by eye
/// (``NowcastConstants/bearingError``), rounded to a compass point or to 5° when the value says it
/// may have been, and the strike's own direction off the centre's by the storm's scatter across
/// the line of sight.
///
/// A located group's bearing is no judgement: it is the direction of a position the network
/// measured, as good across the line of sight as its distance is along it (its uncertainty), and
/// the scatter across is that of a mean of its strikes. So the group is taken as the position it is.
struct BearingLikelihood: Sendable {
  /// Degrees clockwise from north, as given.
  let bearing: Double
  /// Degrees, one standard deviation, of the bearing as given (``spread(of:)``).
  let spread: Double
  /// How much of the storm's scatter across the line of sight the bearing carries: all of it for
  /// one strike, 1/√n for the mean of n.
  let scatterShare: Double

  init(_ bearing: Double) {
    self.init(bearing: bearing, spread: Self.spread(of: bearing), scatterShare: 1)
  }

  private init(bearing: Double, spread: Double, scatterShare: Double) {
    self.bearing = bearing
    self.spread = spread
    self.scatterShare = scatterShare
  }

  /// The bearing of `observation`, judged as its sensor gives it; nil without one.
  init?(_ observation: RangeObservation) {
    guard let bearing = observation.bearing else { return nil }
    guard case .located(let strikes) = observation.sensor, observation.distance > 0 else {
      self.init(bearing)
      return
    }
    self.init(
      bearing: bearing, spread: Math.atan2(observation.uncertainty, observation.distance) * 180 / .pi,
      scatterShare: 1 / Double(max(strikes, 1)).squareRoot())
  }

  /// Degrees, one standard deviation, of a bearing as given: the eye's error and, when the value
  /// is a multiple of a rounding step, that step's rounding error.
  static func spread(of bearing: Double) -> Double {
    let eye = NowcastConstants.bearingError
    var variance = eye * eye
    let tolerance = NowcastConstants.roundedTolerance
    for step in [NowcastConstants.compassStep, NowcastConstants.roundStep] {
      let remainder = bearing.truncatingRemainder(dividingBy: step)
      if abs(remainder) < tolerance || abs(remainder - step) < tolerance {
        variance += step * step / 12
        break
      }
    }
    return variance.squareRoot()
  }

  /// The logarithm of the likelihood of the bearing, up to a constant, when the centre is `east`
  /// and `north` of the observer, `range` metres away (more than 0), and its strikes scatter by
  /// `scatter`.
  func logLikelihood(east: Double, north: Double, range: Double, scatter: Double) -> Double {
    let centre = Math.bearingDegrees(east: east, north: north)
    let across = min(scatter * scatterShare / range, 1) * 180 / Double.pi
    let variance = spread * spread + across * across
    return StudentT.logDensity(Math.wrappedDegrees(bearing - centre), variance: variance)
  }
}
