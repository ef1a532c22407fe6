/// How often true values fall within one and two reported standard errors of the estimates.
struct Coverage: CustomStringConvertible {
  let name: String
  private(set) var count = 0
  private(set) var withinOne = 0
  private(set) var withinTwo = 0

  init(_ name: String) { self.name = name }

  /// Counts one estimate; `isAngle` compares degrees the short way round.
  mutating func add(estimate: Double, error: Double, truth: Double, isAngle: Bool = false) {
    var miss = abs(estimate - truth)
    if isAngle {
      miss = min(miss.truncatingRemainder(dividingBy: 360), 360 - miss.truncatingRemainder(dividingBy: 360))
    }
    count += 1
    if miss <= error { withinOne += 1 }
    if miss <= 2 * error { withinTwo += 1 }
  }

  var oneSigma: Double { Double(withinOne) / Double(max(count, 1)) }
  var twoSigma: Double { Double(withinTwo) / Double(max(count, 1)) }

  /// About 68 % within 1σ and about 95 % within 2σ: a too small error fails the lower bounds, an
  /// inflated one the upper bounds. The bounds are about three binomial standard errors wide at
  /// a few hundred samples.
  var isCalibrated: Bool { (0.60...0.76).contains(oneSigma) && (0.91...0.98).contains(twoSigma) }

  var description: String {
    "\(name): \(count) estimates, 1σ \(Int((oneSigma * 1000).rounded()))‰, 2σ \(Int((twoSigma * 1000).rounded()))‰"
  }
}
