import Testing

@testable import StormSimulator

@Suite struct SimulationRandomTests {
  /// xoshiro256** seeded through SplitMix64, as its authors' reference code computes it: the same
  /// seed gives the same storms on any toolchain.
  @Test func matchesTheReferenceSequence() {
    var random = SimulationRandom(seed: 42)
    #expect(
      [random.next(), random.next(), random.next()] == [
        1_546_998_764_402_558_742, 6_990_951_692_964_543_102, 12_544_586_762_248_559_009,
      ])
  }

  @Test func drawsStayInTheirRanges() {
    var random = SimulationRandom(seed: 7)
    for _ in 0..<10_000 {
      let unit = random.unit()
      #expect(unit >= 0 && unit < 1)
      #expect((2.5...3.5).contains(random.uniform(2.5...3.5)))
    }
  }

  @Test func normalDrawsHaveUnitSpread() {
    var random = SimulationRandom(seed: 9)
    let draws = (0..<20_000).map { _ in random.normal() }
    let mean = draws.reduce(0, +) / Double(draws.count)
    let variance = draws.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(draws.count)
    #expect(abs(mean) < 0.03)
    #expect(abs(variance - 1) < 0.05)
  }

  @Test func scenariosDrawFromTheirOwnStreams() {
    var first = SimulationRandom(seed: 1, stream: "head-on, degrees")
    var second = SimulationRandom(seed: 1, stream: "at rest")
    #expect(first.next() != second.next())
  }
}
