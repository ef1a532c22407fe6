import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

extension SeededRandom {
  /// A normal deviate with mean 0 and standard deviation `sigma`, by the Box–Muller transform.
  mutating func gaussian(sigma: Double = 1) -> Double {
    let uniform = Double.random(in: Double.ulpOfOne..<1, using: &self)
    let angle = Double.random(in: 0..<(2 * .pi), using: &self)
    return sigma * (-2 * log(uniform)).squareRoot() * cos(angle)
  }
}
