/// Weighted least squares whose weights include the strike scatter estimated from the residuals.
///
/// Each component's variance is its own variance plus the scatter squared (``StrikeScatter``). The
/// fit alternates: Levenberg–Marquardt for the parameters at a given scatter, then the scatter
/// from those residuals, until the scatter settles. The covariance is `(JᵀWJ)⁻¹` at the end, so
/// the parameters' standard errors include the scatter the data show, widened for the scatter
/// being an estimate (``studentVarianceFactor(degreesOfFreedom:)``) when it is above the floor.
struct ScatteredLeastSquares: Sendable {
  let parameters: [Double]
  let covariance: SquareMatrix
  /// The strike scatter, metres, one standard error.
  let scatter: Double
  /// The weighted sum of squared residuals at ``scatter``.
  let chiSquare: Double

  /// Fits `evaluate` (the residual components at a parameter vector) starting from `start`, or nil
  /// when the fit does not converge to finite parameters with a finite covariance.
  ///
  /// - Parameter fixedScatter: use this scatter instead of estimating one.
  init?(
    start: [Double], fixedScatter: Double? = nil,
    evaluate: @escaping ([Double]) -> [ResidualComponent]
  ) {
    var parameters = start
    var scatter = fixedScatter ?? MotionModel.scatterFloor
    let count = evaluate(start).count
    let degreesOfFreedom = count - start.count
    for _ in 0..<50 {
      guard
        let fitted = Self.minimise(start: parameters, scatterSquare: scatter * scatter, evaluate: evaluate)
      else { return nil }
      parameters = fitted
      guard fixedScatter == nil else { break }
      let components = evaluate(parameters)
      let next = StrikeScatter.estimate(degreesOfFreedom: degreesOfFreedom) {
        Self.chiSquare(components, scatterSquare: $0)
      }
      let settled = abs(next - scatter) < 0.01
      scatter = next
      if settled { break }
    }
    let components = evaluate(parameters)
    guard
      var covariance = Self.normalMatrix(components, scatterSquare: scatter * scatter).inverse(),
      parameters.allSatisfy(\.isFinite),
      (0..<start.count).allSatisfy({ covariance[$0, $0] > 0 })
    else { return nil }
    if fixedScatter == nil, scatter > MotionModel.scatterFloor {
      let factor = Self.studentVarianceFactor(degreesOfFreedom: degreesOfFreedom)
      covariance.elements = covariance.elements.map { $0 * factor }
    }
    self.parameters = parameters
    self.covariance = covariance
    self.scatter = scatter
    self.chiSquare = Self.chiSquare(components, scatterSquare: scatter * scatter)
  }

  /// How much wider a standard error is when the scatter behind it is itself estimated from
  /// `degreesOfFreedom` residuals: the estimate's error then follows Student's t with that many
  /// degrees of freedom, whose variance is `ν/(ν − 2)` times the normal one (1.17 at ν = 14,
  /// 1.5 at ν = 6). Below three degrees of freedom that variance is infinite; the factor stops at
  /// ν = 3 (3×), where the scatter floor usually holds anyway.
  static func studentVarianceFactor(degreesOfFreedom: Int) -> Double {
    let freedom = Double(max(degreesOfFreedom, 3))
    return freedom / (freedom - 2)
  }

  static func chiSquare(_ components: [ResidualComponent], scatterSquare: Double) -> Double {
    components.reduce(0) { $0 + $1.residual * $1.residual / ($1.ownVariance + scatterSquare) }
  }

  /// `JᵀWJ`, the inverse of the parameters' covariance.
  static func normalMatrix(_ components: [ResidualComponent], scatterSquare: Double) -> SquareMatrix {
    let size = components.first?.gradient.count ?? 0
    var matrix = SquareMatrix(size: size)
    for component in components {
      let weight = 1 / (component.ownVariance + scatterSquare)
      for row in 0..<size {
        for column in 0..<size {
          matrix[row, column] += weight * component.gradient[row] * component.gradient[column]
        }
      }
    }
    return matrix
  }

  /// Levenberg–Marquardt at a fixed scatter, with Marquardt's scaling by the normal matrix's
  /// diagonal so parameters in seconds, metres and metres per second step alike.
  static func minimise(
    start: [Double], scatterSquare: Double, evaluate: ([Double]) -> [ResidualComponent]
  ) -> [Double]? {
    var parameters = start
    var components = evaluate(parameters)
    var cost = chiSquare(components, scatterSquare: scatterSquare)
    var damping = 1e-3
    for _ in 0..<200 {
      let normal = normalMatrix(components, scatterSquare: scatterSquare)
      var gradient = Array(repeating: 0.0, count: parameters.count)
      for component in components {
        let weight = component.residual / (component.ownVariance + scatterSquare)
        for index in gradient.indices { gradient[index] -= weight * component.gradient[index] }
      }
      var improved = false
      while damping < 1e12 {
        var damped = normal
        for index in 0..<normal.size { damped[index, index] *= 1 + damping }
        guard let inverse = damped.inverse() else {
          damping *= 10
          continue
        }
        let step = inverse.times(gradient)
        let trial = zip(parameters, step).map { $0 + $1 }
        let trialComponents = evaluate(trial)
        let trialCost = chiSquare(trialComponents, scatterSquare: scatterSquare)
        if trialCost.isFinite, trialCost <= cost {
          let converged = cost - trialCost <= 1e-10 * (1 + cost)
          parameters = trial
          components = trialComponents
          cost = trialCost
          damping = max(damping / 10, 1e-12)
          improved = true
          if converged { return parameters }
          break
        }
        damping *= 10
      }
      guard improved else { return cost.isFinite ? parameters : nil }
    }
    return parameters
  }
}
