/// The spread of strikes within one storm, estimated from a fit's residuals.
///
/// Each measurement's variance is its own uncertainty squared plus the scatter squared. The
/// scatter is the value that makes the weighted sum of squared residuals equal to its expectation,
/// the number of degrees of freedom (measurements minus fitted parameters), so the fit's
/// covariance is scaled by what the data actually show. It never goes below
/// ``MotionModel/scatterFloor``: with few measurements the residuals can look deceptively small,
/// and cells are kilometres wide whatever a handful of strikes suggest.
enum StrikeScatter {
  /// The scatter in metres.
  ///
  /// - Parameters:
  ///   - chiSquare: the weighted sum of squared residuals as a function of the scatter's square;
  ///     it must decrease as the scatter grows.
  ///   - degreesOfFreedom: measurements (components, for positions) minus parameters.
  static func estimate(degreesOfFreedom: Int, chiSquare: (Double) -> Double) -> Double {
    let floor = MotionModel.scatterFloor
    guard degreesOfFreedom > 0 else { return floor }
    let target = Double(degreesOfFreedom)
    let floorSquare = floor * floor
    if chiSquare(floorSquare) <= target { return floor }
    // Bracket the root, then bisect: chiSquare(low) > target ≥ chiSquare(high).
    var low = floorSquare
    var high = floorSquare * 4
    while chiSquare(high) > target {
      low = high
      high *= 4
      guard high < 1e16 else { return high.squareRoot() }
    }
    for _ in 0..<60 {
      let middle = (low + high) / 2
      if chiSquare(middle) > target { low = middle } else { high = middle }
    }
    return ((low + high) / 2).squareRoot()
  }
}
