/// What a bearing says of where the storm's centre is: judged by eye
/// (``NowcastConstants/bearingError``), rounded to a compass point or to 5° when the value says it
/// may have been, and the strike's own direction off the centre's by the storm's scatter across
/// the line of sight.
struct BearingLikelihood: Sendable {
  /// Degrees clockwise from north, as given.
  let bearing: Double
  /// Degrees, one standard deviation, of the bearing as given (``spread(of:)``).
  let spread: Double

  init(_ bearing: Double) {
    self.bearing = bearing
    spread = Self.spread(of: bearing)
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
    let across = min(scatter / range, 1) * 180 / Double.pi
    let variance = spread * spread + across * across
    return StudentT.logDensity(Math.wrappedDegrees(bearing - centre), variance: variance)
  }
}
