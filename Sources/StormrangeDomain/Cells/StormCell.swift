/// One cell of a storm (``StormCells``): the measurements of one place of lightning, as a ``Storm``
/// of their own, so that everything said of a storm (its nowcast, trend and advice) can be said of
/// it.
package struct StormCell: Equatable, Sendable {
  /// The cell's number in its storm, from 1, in the order cells were born: the same in every
  /// command and after a restart, since it comes from the history alone.
  package let number: Int
  /// Its measurements. Their positions are the history's.
  package let storm: Storm
  /// Whether the cell was found by position (a network's located groups, and timed thunder whose
  /// bearing points at them); false for the measurements that carry no position, grouped by time.
  package let isPlaced: Bool

  package init(number: Int, storm: Storm, isPlaced: Bool) {
    self.number = number
    self.storm = storm
    self.isPlaced = isPlaced
  }
}
