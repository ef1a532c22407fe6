/// Student's t distribution with ``NowcastConstants/tailDegrees`` degrees of freedom: the heavy
/// tails of every range and bearing the nowcast reads, so that one stray strike from another cell
/// moves the estimate little.
enum StudentT {
  /// The log density of `difference`, scaled so its variance is `variance`, without its constant.
  static func logDensity(_ difference: Double, variance: Double) -> Double {
    let nu = NowcastConstants.tailDegrees
    let scale = variance * (nu - 2) / nu
    return -0.5 * Math.log(scale) - (nu + 1) / 2 * Math.log1p(difference * difference / (nu * scale))
  }
}
