import StormrangeStore

/// What this session has shown each measurement number to stand for, so that `delete N` removes
/// only the measurement the user saw as N.
///
/// Numbers are positions in the history, and another process (or this session's own `delete`) can
/// shift them between the listing and the command typed from it. So every command that prints
/// numbers (`show`, the `#12` after an add, `status`, undo's `restored #3`, `export`'s index) records
/// which entries were at the positions it printed, and `delete N` goes ahead only if the entry at N
/// is still the one recorded for N. Comparing entries rather than a version of the file means that
/// measurements appended by others, which shift no number, do not stand in the way.
struct ShownNumbers {
  /// Entry `i` is what number `i + 1` stood for when this session last printed it; nil until the
  /// session prints any number, when numbers stand for what they stand for now.
  private var entries: [HistoryEntry]?

  /// Records that the numbers of `positions` (0-based) were printed for `history` as it is now.
  /// Numbers before them that were never printed take their entries from `history` too; numbers after
  /// them keep what they were shown as, unless `positions` reach the end of the history, which ends
  /// the numbering there.
  mutating func showed(_ positions: Range<Int>, of history: [HistoryEntry]) {
    guard var shown = entries.take(), positions != history.indices else {
      entries = history  // Shares the history's storage: a whole listing costs no copy.
      return
    }
    // In place, so that a batch of thousands of adds, each printing its number, stays linear; and
    // without their bytes, which may be slices of a whole file read after another process changed
    // it: a batch beside an `ingest` would keep a copy of the file for each of its changes.
    if shown.count < positions.lowerBound {
      shown.append(contentsOf: history[shown.count..<positions.lowerBound].lazy.map(\.withoutBytes))
    }
    let end = positions.upperBound == history.count ? shown.count : min(positions.upperBound, shown.count)
    shown.replaceSubrange(positions.lowerBound..<end, with: history[positions].lazy.map(\.withoutBytes))
    entries = shown
  }

  /// Why measurement `number` (as typed: `typed`) may not be deleted from `history`, or nil when it
  /// is the one this session showed as `number`.
  func refusal(deleting number: Int, typed: String, from history: [HistoryEntry]) -> StormrangeError? {
    let count = entries?.count ?? history.count
    if number > count {
      // Never shown; a number that exists now was added since the session last printed numbers.
      return number > history.count
        ? .noSuchMeasurement(index: typed, count: history.count) : .renumbered(typed)
    }
    guard let shown = entries else { return nil }
    guard number <= history.count, history[number - 1] == shown[number - 1] else { return .renumbered(typed) }
    return nil
  }
}
