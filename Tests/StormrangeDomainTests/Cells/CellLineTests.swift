import Testing

@testable import StormrangeDomain

/// How far a cell reaches for its stray strikes, from how its groups lie about its track.
@Suite struct CellLineTests {
  /// A group of `strikes` a minute after the one before, `east` and `north` km from the observer.
  func fix(_ minute: Int, east: Double, north: Double, strikes: Double) -> CellTrack.Fix {
    CellTrack.Fix(seconds: 60 * Double(minute), east: 1_000 * east, north: 1_000 * north, weight: strikes)
  }

  /// Fifteen pairs of strikes half a kilometre off the line and five 7 km off (another cell's,
  /// within the gate): a mean of strikes × square would say the strikes scatter 5 km; the median
  /// says under 1 km.
  @Test func aNeighboursGroupsDoNotSwellTheStrikeSpread() {
    let offsets =
      Array(repeating: (strikes: 2.0, square: 500.0 * 500), count: 15)
      + Array(repeating: (strikes: 2.0, square: 7_000.0 * 7_000), count: 5)
    #expect(CellLine.strikeSpread(offsets) < 1_000)
  }

  /// Heavy groups say nothing of the strikes' scatter: 20 groups of 20 strikes 1.5 km off their
  /// line would read as 8 km, and the reach as 14 km. The least reach it is.
  @Test func heavyGroupsLeaveTheLeastReach() throws {
    let fixes = (0..<20).map { fix($0, east: -30, north: $0.isMultiple(of: 2) ? 1.5 : -1.5, strikes: 20) }
    let line = try #require(CellLine(fixes))
    #expect(line.loneStrikeReach == CellRule.loneStrikeReach)
  }

  /// Pairs of strikes 12 km off their line every minute say the strikes scatter 20 km: no network
  /// places so badly, and the reach stops at the widest.
  @Test func theReachStopsAtTheWidest() throws {
    let fixes = (0..<10).map { fix($0, east: -30, north: $0.isMultiple(of: 2) ? 12 : -12, strikes: 2) }
    let line = try #require(CellLine(fixes))
    #expect(line.loneStrikeReach == CellRule.widestLoneStrikeReach)
  }

  /// Too few groups to tell a spread: the least reach.
  @Test func aYoungCellReachesTheLeast() throws {
    let fixes = (0..<(CellRule.fewestForSpread - 1)).map {
      fix($0, east: -30, north: $0.isMultiple(of: 2) ? 6 : -6, strikes: 1)
    }
    let line = try #require(CellLine(fixes))
    #expect(line.loneStrikeReach == CellRule.loneStrikeReach)
    #expect(line.gate == CellRule.gate)
  }

  /// Groups drawn as a network places a cell's strikes, normal about the centre in each direction:
  /// the strike spread found is their root-mean-square distance from the centre, within 10 %.
  @Test(arguments: [1_500.0, 3_000.0, 4_500.0]) func theStrikeSpreadIsTheStrikesOwn(sigma: Double) {
    var random = NowcastRandom(seed: 7)
    let fixes = (0..<400).map { minute in
      let strikes = 1 + minute % 6
      var (east, north) = (0.0, 0.0)
      for _ in 0..<strikes {
        east += sigma * random.normal() / Double(strikes)
        north += sigma * random.normal() / Double(strikes)
      }
      return CellTrack.Fix(seconds: 60 * Double(minute), east: east, north: north, weight: Double(strikes))
    }
    let spread = CellLine.strikeSpread(fixes.map { ($0.weight, $0.east * $0.east + $0.north * $0.north) })
    let truth = sigma * 2.0.squareRoot()
    #expect(abs(spread / truth - 1) < 0.1, "\(spread) m for \(truth) m")
  }
}
