import StormrangeDomain
import StormrangeExchange
import StormrangeRendering
import StormrangeStore

/// How to revert one change made in this session. Steps find their entries by value rather than by
/// index, so undo stays right when another process added measurements in between.
enum UndoStep {
  /// Undo an add: remove that entry.
  case removeAdded(HistoryEntry)
  /// Undo a delete: put the entry back where it was: before the entry that followed it, if any.
  case reinsert(HistoryEntry, at: Int, before: HistoryEntry?)
  /// Undo a clear: put everything back, before whatever was added since.
  case restore([HistoryEntry])
  /// Undo an import: remove the entries it added (the newest copies, should there be others).
  case removeImported([HistoryEntry])

  /// Applies the step to the session's history and describes what it did.
  func apply(in session: Session, unit: DistanceUnit) throws(StormrangeError) -> String {
    switch self {
    case .removeAdded(let entry):
      let removed = try session.changeHistory { entries -> Bool in
        guard let index = entries.lastIndex(of: entry) else { return false }
        entries.remove(at: index)
        return true
      }
      return removed
        ? "undid the add of \(unit.format(metres: entry.measurement.distance))"
        : "nothing to undo: that measurement is no longer in the history"
    case .reinsert(let entry, let index, let successor):
      let position = try session.changeHistory { entries -> Int in
        // Back before the measurement that followed it, wherever that is now, so it keeps its place
        // in the order measurements were added even when others were deleted since; else where it was.
        let position =
          successor.flatMap { successor in entries.firstIndex(of: successor) } ?? min(index, entries.count)
        entries.insert(entry, at: position)
        return position + 1
      }
      session.shownNumbers.showed(position - 1..<position, of: session.history.entries)
      return "restored #\(position) (\(unit.format(metres: entry.measurement.distance)))"
    case .restore(let restored):
      try session.changeHistory { entries in entries = restored + entries }
      return "restored \(restored.count) measurement\(restored.count == 1 ? "" : "s")"
    case .removeImported(let imported):
      let removed = try session.changeHistory { entries -> Int in
        var wanted = MeasurementKey.counts(imported.lazy.map(\.measurement))
        var keep = [Bool](repeating: true, count: entries.count)
        for index in entries.indices.reversed() {
          let key = MeasurementKey(entries[index].measurement)
          guard let count = wanted[key], count > 0 else { continue }
          wanted[key] = count - 1
          keep[index] = false
        }
        let before = entries.count
        entries = zip(entries, keep).compactMap { entry, kept in kept ? entry : nil }
        return before - entries.count
      }
      let plural = imported.count == 1 ? "" : "s"
      if removed == imported.count { return "undid the import of \(removed) measurement\(plural)" }
      if removed == 0 { return "nothing to undo: the imported measurements are no longer in the history" }
      return "undid the import: removed \(removed) of \(imported.count) measurement\(plural); "
        + "the others are no longer in the history"
    }
  }
}
