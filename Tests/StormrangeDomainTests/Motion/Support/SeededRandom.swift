#if canImport(Glibc)
  import Glibc
#endif

/// A reproducible source of random numbers for synthetic storms: SplitMix64, and Gaussian
/// deviates by the Box–Muller transform.
struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A normal deviate with mean 0 and standard deviation `sigma`.
  mutating func gaussian(sigma: Double = 1) -> Double {
    let uniform = Double.random(in: Double.ulpOfOne..<1, using: &self)
    let angle = Double.random(in: 0..<(2 * .pi), using: &self)
    return sigma * (-2 * log(uniform)).squareRoot() * cos(angle)
  }
}
