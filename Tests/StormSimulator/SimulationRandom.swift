#if canImport(Glibc)
  import Glibc
#endif

/// The simulator's own reproducible random numbers: xoshiro256** (Blackman & Vigna), its state
/// seeded through SplitMix64. Every draw is computed here, not by the standard library's
/// `random(in:using:)`, so that a seed gives the same storm on every toolchain.
package struct SimulationRandom: RandomNumberGenerator, Sendable {
  private var state: (UInt64, UInt64, UInt64, UInt64)

  package init(seed: UInt64) {
    var mixer = seed
    func splitMix() -> UInt64 {
      mixer &+= 0x9E37_79B9_7F4A_7C15
      var mixed = mixer
      mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
      mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
      return mixed ^ (mixed >> 31)
    }
    state = (splitMix(), splitMix(), splitMix(), splitMix())
  }

  /// The generator of storm `seed` of the scenario `name`: each scenario draws its own storms, so
  /// adding a scenario changes no other's.
  package init(seed: UInt64, stream name: String) {
    // FNV-1a of the name, mixed into the seed.
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    self.init(seed: seed ^ hash)
  }

  package mutating func next() -> UInt64 {
    let result = rotated(state.1 &* 5, by: 7) &* 9
    let shifted = state.1 << 17
    state.2 ^= state.0
    state.3 ^= state.1
    state.1 ^= state.2
    state.0 ^= state.3
    state.2 ^= shifted
    state.3 = rotated(state.3, by: 45)
    return result
  }

  private func rotated(_ value: UInt64, by count: UInt64) -> UInt64 {
    (value << count) | (value >> (64 - count))
  }

  /// Uniform in [0, 1), from the top 53 bits.
  package mutating func unit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// Uniform over `range`.
  package mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * unit()
  }

  /// A standard normal draw (Box–Muller, one of the pair).
  package mutating func normal() -> Double {
    let radius = (-2 * log(1 - unit())).squareRoot()
    return radius * cos(2 * Double.pi * unit())
  }

  /// Normal with the given mean and standard deviation.
  package mutating func normal(mean: Double, deviation: Double) -> Double {
    mean + deviation * normal()
  }

  /// True with probability `probability`.
  package mutating func chance(_ probability: Double) -> Bool {
    unit() < probability
  }

  /// −1 or +1, evenly.
  package mutating func sign() -> Double {
    chance(0.5) ? 1 : -1
  }

  /// One of `choices`, evenly.
  package mutating func element<Element>(of choices: [Element]) -> Element {
    choices[min(Int(unit() * Double(choices.count)), choices.count - 1)]
  }
}
