import StormSimulator

/// Which true cell a strike counts as, for scoring cells (issue 33).
package enum CellTruth {
  /// Metres: two true cells whose centres are closer than this are one to the score, for no rule
  /// reading positions can part them: about twice a cell's strike scatter.
  package static let inseparable = 5_000.0

  /// The cell `strike` is scored against: its own, or the oldest live cell whose centre is within
  /// ``inseparable`` of its own's at that moment. So a cell merging into another is that one's
  /// from when they come that close, and one splitting off is its parent's until they are that far
  /// apart.
  package static func scoredCell(_ strike: LocatedStrikeTruth, in network: LocatedNetwork) -> Int {
    let centre = network.cells[strike.cell].track.position(at: strike.time)
    for (index, cell) in network.cells.enumerated() where index < strike.cell {
      guard cell.birth <= strike.time, strike.time <= cell.death else { continue }
      if (cell.track.position(at: strike.time) - centre).length < inseparable { return index }
    }
    return strike.cell
  }
}
