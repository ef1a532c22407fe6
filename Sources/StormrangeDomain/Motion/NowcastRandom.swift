/// A small, fast, seeded source of random numbers (xoshiro256**, seeded by SplitMix64), so the
/// nowcast of the same measurements is the same to the last bit on every run and every machine.
struct NowcastRandom: Sendable {
  private var state: (UInt64, UInt64, UInt64, UInt64)

  init(seed: UInt64) {
    var mix = seed
    func next() -> UInt64 {
      mix &+= 0x9E37_79B9_7F4A_7C15
      var z = mix
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    state = (next(), next(), next(), next())
  }

  mutating func next() -> UInt64 {
    let result = ((state.1 &* 5) << 7 | (state.1 &* 5) >> 57) &* 9
    let shifted = state.1 << 17
    state.2 ^= state.0
    state.3 ^= state.1
    state.1 ^= state.2
    state.0 ^= state.3
    state.2 ^= shifted
    state.3 = state.3 << 45 | state.3 >> 19
    return result
  }

  /// Uniform in [0, 1).
  mutating func uniform() -> Double { Double(next() >> 11) * 0x1.0p-53 }

  /// Uniform in `range`.
  mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * uniform()
  }

  /// Standard normal (Box–Muller; one of the pair is dropped, which keeps the generator's state
  /// the only state).
  mutating func normal() -> Double {
    let u = 1 - uniform()  // (0, 1]
    let v = uniform()
    return (-2 * Math.log(u)).squareRoot() * Math.cos(2 * Double.pi * v)
  }
}
