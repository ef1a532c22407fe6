import FoundationEssentials
import StormSimulator
import Testing

@testable import StormrangeDomain
@testable import StormrangeLocated

/// The cells found in a network's located groups are the simulator's cells (issue 33): a strike is
/// grouped right when, of the strikes its cell holds in that minute, most come from its true cell;
/// at least 90 % are.
@Suite struct CellGroupingTests {
  static let observer = GeoPosition(latitude: 51.5, longitude: -0.12)!
  static let start = Date(timeIntervalSince1970: 1_795_773_600)

  /// What the rule made of one simulated network: how many strikes were grouped right, of how many.
  struct Score {
    var right = 0
    var strikes = 0
    var cells = 0
    /// Strikes in the cell that holds most of their true cell's strikes of that minute.
    var whole = 0
    var share: Double { Double(right) / Double(strikes) }
    var completeness: Double { Double(whole) / Double(strikes) }
  }

  /// Records `strikes` as `ingest blitzortung` does (each group an entry, updated in place) and
  /// scores the cells of the history's storms.
  static func score(_ network: LocatedNetwork, _ strikes: [LocatedStrikeTruth]) throws -> Score {
    var grouper = StrikeGrouper(observer: observer, radius: MeasurementRules.maximumDistance)
    var history: [Measurement] = []
    var entryOfGroup: [Int: Int] = [:]
    var entryOfStrike: [(entry: Int, cell: Int, minute: Int)] = []
    for truth in strikes {
      let date = start.addingTimeInterval(truth.time)
      let strike = LocatedStrike(date: date, position: RecordingBiasTests.position(truth.reported))
      let group: LocatedGroup
      switch try grouper.receive(strike, arrival: date) {
      case .opened(let opened), .joined(let opened): group = opened
      case .repeated, .beyondRadius, .overBudget: continue
      }
      let range = try LocatedRange(from: observer, to: group.meanPosition)
      let entry = Measurement(
        date: Date(timeIntervalSince1970: group.start.timeIntervalSince1970.rounded(.down)),
        distance: range.metres,
        origin: .located(
          LocatedFix(
            source: DetectorSource("blitzortung", kind: .located)!, position: group.meanPosition,
            nearest: group.nearest.metres, strikes: group.count, spread: group.spread)),
        bearing: range.bearing, note: nil)
      if let index = entryOfGroup[group.id] {
        history[index] = entry
      } else {
        entryOfGroup[group.id] = history.count
        history.append(entry)
      }
      entryOfStrike.append(
        (entryOfGroup[group.id]!, Self.scoredCell(truth, in: network), Int(truth.time / 60)))
    }
    var cellOfEntry: [Int: Int] = [:]
    var score = Score()
    for storm in Storm.all(in: history) {
      for cell in StormCells(storm: storm).cells {
        score.cells += 1
        for position in cell.storm.positions {
          cellOfEntry[position] = cell.number * 1_000_000 + storm.positions[0]
        }
      }
    }
    var counts: [[Int]: [Int: Int]] = [:]
    for strike in entryOfStrike {
      counts[[cellOfEntry[strike.entry]!, strike.minute], default: [:]][strike.cell, default: 0] += 1
    }
    var byTrueCell: [[Int]: [Int: Int]] = [:]
    for strike in entryOfStrike {
      byTrueCell[[strike.cell, strike.minute], default: [:]][cellOfEntry[strike.entry]!, default: 0] += 1
    }
    for byTruth in counts.values {
      score.right += byTruth.values.max()!
      score.strikes += byTruth.values.reduce(0, +)
    }
    for byCell in byTrueCell.values { score.whole += byCell.values.max()! }
    return score
  }

  /// Metres: two true cells whose centres are closer than this are one to the score, for no rule
  /// reading positions can part them: about twice a cell's strike scatter.
  static let inseparable = 5_000.0

  /// The cell a strike is scored against: its own, or the oldest live cell whose centre is within
  /// ``inseparable`` of its own's at that moment. So a cell merging into another is that one's
  /// from when they come that close, and one splitting off is its parent's until they are that far
  /// apart.
  static func scoredCell(_ strike: LocatedStrikeTruth, in network: LocatedNetwork) -> Int {
    let centre = network.cells[strike.cell].track.position(at: strike.time)
    for (index, cell) in network.cells.enumerated() where index < strike.cell {
      guard cell.birth <= strike.time, strike.time <= cell.death else { continue }
      if (cell.track.position(at: strike.time) - centre).length < inseparable { return index }
    }
    return strike.cell
  }

  @Test(arguments: [false, true]) func atLeastNineInTenStrikesAreGroupedWithTheirCell(changing: Bool) throws {
    var total = Score()
    var worst = 1.0
    for seed in 1...12 as ClosedRange<UInt64> {
      var random = SimulationRandom(seed: seed, stream: "cells")
      let network =
        changing
        ? LocatedNetwork.drawnChanging(duration: 3600, using: &random)
        : LocatedNetwork.drawn(duration: 3600, using: &random)
      let score = try Self.score(network, network.strikes(using: &random))
      worst = min(worst, score.share)
      total.whole += score.whole
      total.right += score.right
      total.strikes += score.strikes
    }
    // Splitting a cell into many would keep each pure: each true cell's strikes of a minute are
    // mostly in one cell, too.
    #expect(total.completeness >= 0.9, "\(total.whole) of \(total.strikes) strikes with most of their cell's")
    #expect(
      total.share >= 0.9,
      "\(total.right) of \(total.strikes) strikes grouped right; worst network \(worst); whole \(total.completeness)"
    )
  }
}
