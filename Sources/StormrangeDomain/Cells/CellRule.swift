/// The figures of the rule that groups a storm's located measurements into cells (``StormCells``).
/// Each is a property of lightning and of the networks that locate it (docs/science.md, "Cells").
package enum CellRule {
  /// Metres: how far a located group may be from where a cell is expected to be and still join it.
  /// A cell's strikes scatter 1–2.5 km about its centre and a network places each within 0.3–2 km,
  /// so a group's mean lies within about 6 km of the centre; cells closer than this are one cell
  /// to any rule that reads positions alone.
  package static let gate = 8_000.0
  /// Metres: how far from where a cell is expected a group of one strike may always lie and still
  /// join it as one of its stray strikes, beyond its gate. A strike scatters up to 2.5 km about its
  /// cell's centre (one standard deviation each way) and a dense network places it within 2 km more,
  /// so three standard deviations of the two reach about 9.6 km; the mean of a group of n strikes
  /// reaches 1/√n of that. Without it, a cell's stray strikes beyond its gate start cells of their
  /// own. A cell whose strikes are seen to scatter wider reaches farther
  /// (``loneStrikeSpreads``), but not for a group nearer the observer than the cell. A stray does
  /// not move its cell or widen its gate, and a group within 10 km of the observer is never taken as
  /// a farther cell's stray (``StormCells``).
  package static let loneStrikeReach = 9_600.0
  /// A lone strike joins its cell as a stray within this many times the cell's strike spread (the
  /// root-mean-square distance of its strikes, as placed, from its centre; ``CellLine``), when that
  /// reaches beyond ``loneStrikeReach``, as where a sparse network places strikes kilometres off:
  /// two and a half standard deviations in any one direction. Not three, as for
  /// ``loneStrikeReach``: at three, of the strikes of cells that split and merge 89.8 % were grouped
  /// right, under the 90 % required. The spread is read from a cell's few small groups, and near a
  /// split or a merge from two cells' groups.
  package static let loneStrikeSpreads = 2.5 / 2.0.squareRoot()
  /// Metres: the farthest a lone strike joins its cell as a stray, however wide the cell's strikes
  /// are seen to scatter: three standard deviations of a 3.5 km scatter and a 4 km placing error
  /// (a sparse network's), so that a cell swollen by a neighbour's groups does not take in all
  /// about it.
  package static let widestLoneStrikeReach = 16_000.0
  /// A cell's strike spread is read from its groups of at most this many strikes. A group's offset
  /// from the cell's line is its strikes' scatter over √n and the line's own error, and the spread
  /// read from it is n times its square: the line's error of a kilometre, in a group of 20, would
  /// read as 5.4 km of scatter.
  package static let largestGroupForStrikeSpread = 2.0
  /// Metres: the narrowest gate, for a cell whose groups lie close about its track.
  package static let narrowestGate = 4_000.0
  /// A cell's gate is this many times its groups' spread about its track (root mean square), within
  /// ``narrowestGate`` and ``gate``: wide enough for nearly all its own groups.
  package static let gateSpreads = 3.0
  /// Located groups a cell needs before their spread sets its gate, and groups of at most
  /// ``largestGroupForStrikeSpread`` strikes before they set its reach for strays.
  package static let fewestForSpread = 5
  /// Metres: two cells whose expected positions come this close become one (the younger joins the
  /// older), as two cells that merge do.
  package static let mergeDistance = 4_000.0
  /// Seconds of a cell's latest located groups that say where it is and how it moves: long enough
  /// for a motion to show through the scatter, short enough to follow a turn.
  package static let trackMemory = 15.0 * 60
  /// Seconds of track needed before a cell's motion is extrapolated; until then it is where its
  /// groups were.
  package static let shortestTrack = 5.0 * 60
  /// Metres a second: the fastest a cell is taken to move, however its few groups scatter.
  package static let fastestCell = 40.0
  /// A timed measurement with a bearing joins the cell whose centre lies within this many degrees
  /// of its line, or within ``gate`` of it, whichever is wider: a compass bearing of a flash read by
  /// a person is good to about a point of the compass (22.5°) at best.
  package static let bearingTolerance = 22.5
}
