/// How to revert one change made in this session. Steps find their measurements by value rather than
/// by index, so undo stays right when another process added measurements in between.
enum UndoStep {
  /// Undo an add: remove that measurement.
  case removeAdded(Measurement)
  /// Undo a delete: put the measurement back where it was.
  case reinsert(Measurement, at: Int)
  /// Undo a clear: put everything back, before whatever was added since.
  case restore([Measurement])
  /// Undo an import: remove the measurements it added (the newest copies, should there be others).
  case removeImported([Measurement])

  /// Applies the step to the history and describes what it did.
  func apply(to history: SavedHistory, unit: DistanceUnit) throws(StormrangeError) -> String {
    switch self {
    case .removeAdded(let measurement):
      let removed = try history.modify { entries -> Bool in
        guard let index = entries.lastIndex(of: measurement) else { return false }
        entries.remove(at: index)
        return true
      }
      return removed
        ? "undid the add of \(unit.format(metres: measurement.distance))"
        : "nothing to undo: that measurement is no longer in the history"
    case .reinsert(let measurement, let index):
      let position = try history.modify { entries -> Int in
        let position = min(index, entries.count)
        entries.insert(measurement, at: position)
        return position + 1
      }
      return "restored #\(position) (\(unit.format(metres: measurement.distance)))"
    case .restore(let measurements):
      try history.modify { entries in entries = measurements + entries }
      return "restored \(measurements.count) measurement\(measurements.count == 1 ? "" : "s")"
    case .removeImported(let measurements):
      let removed = try history.modify { entries -> Int in
        var wanted = MeasurementKey.counts(measurements)
        var keep = [Bool](repeating: true, count: entries.count)
        for index in entries.indices.reversed() {
          let key = MeasurementKey(entries[index])
          guard let count = wanted[key], count > 0 else { continue }
          wanted[key] = count - 1
          keep[index] = false
        }
        let before = entries.count
        entries = zip(entries, keep).compactMap { entry, kept in kept ? entry : nil }
        return before - entries.count
      }
      let plural = measurements.count == 1 ? "" : "s"
      if removed == measurements.count { return "undid the import of \(removed) measurement\(plural)" }
      if removed == 0 { return "nothing to undo: the imported measurements are no longer in the history" }
      return "undid the import: removed \(removed) of \(measurements.count) measurement\(plural); "
        + "the others are no longer in the history"
    }
  }
}
