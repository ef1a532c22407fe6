/// Standard errors of quantities derived from fitted parameters, by the delta method: the
/// gradient (central differences) sandwiched by the parameters' covariance.
enum DeltaMethod {
  /// One standard error of `quantity` at `parameters`. For an angle in degrees pass
  /// `isAngle: true`, so a difference across north counts as the short way round.
  static func standardError(
    of quantity: ([Double]) -> Double, at parameters: [Double], covariance: SquareMatrix,
    isAngle: Bool = false
  ) -> Double {
    let gradient = parameters.indices.map { index in
      let step = max(covariance[index, index].squareRoot() * 1e-4, 1e-9)
      var above = parameters
      var below = parameters
      above[index] += step
      below[index] -= step
      var difference = quantity(above) - quantity(below)
      if isAngle { difference = Self.wrapped(difference) }
      return difference / (2 * step)
    }
    return covariance.quadraticForm(gradient).squareRoot()
  }

  /// `degrees` as the short way round, in -180...180.
  static func wrapped(_ degrees: Double) -> Double {
    var angle = degrees.truncatingRemainder(dividingBy: 360)
    if angle > 180 { angle -= 360 }
    if angle < -180 { angle += 360 }
    return angle
  }
}
