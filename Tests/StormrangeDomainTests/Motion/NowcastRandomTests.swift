import Testing

@testable import StormrangeDomain

/// The nowcast's own random numbers: the same on every run and every machine, and shaped as the
/// filter needs them.
@Suite struct NowcastRandomTests {
  @Test func theSameSeedGivesTheSameRun() {
    var (first, second) = (NowcastRandom(seed: 42), NowcastRandom(seed: 42))
    #expect((0..<1000).map { _ in first.next() } == (0..<1000).map { _ in second.next() })
  }

  @Test func anotherSeedGivesAnotherRun() {
    var (first, second) = (NowcastRandom(seed: 42), NowcastRandom(seed: 43))
    #expect((0..<4).map { _ in first.next() } != (0..<4).map { _ in second.next() })
  }

  /// It is xoshiro256** seeded by SplitMix64, as published: these are the reference generators'
  /// first numbers from seed 0, so a run is the same wherever the nowcast runs.
  @Test func itIsTheReferenceGenerator() {
    var random = NowcastRandom(seed: 0)
    #expect(
      (0..<4).map { _ in random.next() } == [
        0x99EC_5F36_CB75_F2B4, 0xBF6E_1F78_4956_452A, 0x1A5F_849D_4933_E6E0, 0x6AA5_94F1_262D_2D2C,
      ])
  }

  @Test func uniformNumbersFillTheirRangeEvenly() {
    var random = NowcastRandom(seed: 7)
    let draws = (0..<10_000).map { _ in random.uniform() }
    #expect(draws.allSatisfy { 0 <= $0 && $0 < 1 })
    // Each tenth of [0, 1) gets about a tenth of them (1000 ± 30, so ± 200 is far out).
    let tenths = Dictionary(grouping: draws) { Int($0 * 10) }.mapValues(\.count)
    #expect(tenths.count == 10 && tenths.values.allSatisfy { (800...1200).contains($0) })
    let scaled = (0..<1000).map { _ in random.uniform(-3...5) }
    #expect(
      scaled.allSatisfy { (-3...5).contains($0) } && scaled.contains { $0 < -2 } && scaled.contains { $0 > 4 }
    )
  }

  @Test func normalNumbersHaveMeanZeroAndSpreadOne() {
    var random = NowcastRandom(seed: 11)
    let draws = (0..<20_000).map { _ in random.normal() }
    let mean = draws.reduce(0, +) / Double(draws.count)
    let spread = (draws.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(draws.count)).squareRoot()
    #expect(abs(mean) < 0.03 && abs(spread - 1) < 0.03)
    // 95 % within 1.96 of 0, as a normal distribution has it.
    let inside = Double(draws.count(where: { abs($0) < 1.96 })) / Double(draws.count)
    #expect(abs(inside - 0.95) < 0.01)
  }
}
