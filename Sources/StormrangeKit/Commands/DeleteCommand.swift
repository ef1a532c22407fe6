import StormrangeBase
import StormrangeStore

/// `delete N`: removes measurement N.
struct DeleteCommand: Command {
  let name = "delete"
  let summary = "remove measurement N (see 'show' for the numbers)"
  let usage = "delete N"
  let historyAccess = HistoryAccess.reads

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    guard !arguments.isEmpty else { throw usageError("missing N") }
    try expectArguments(arguments, atMost: 1)
    let typed = arguments[0]
    guard let number = Int(typed), number >= 1, number <= session.history.count else {
      guard Int(typed) != nil else {
        throw .invalidArgument("'\(typed.escapedForDisplay)' is not a measurement number; e.g. delete 3")
      }
      throw .noSuchMeasurement(index: typed, count: session.history.count)
    }
    let removedEntry = try session.changeHistory { entries -> Result<HistoryEntry, StormrangeError> in
      // Another process may have changed the history since it was shown; check again under the lock.
      guard number <= entries.count else {
        return .failure(.noSuchMeasurement(index: typed, count: entries.count))
      }
      return .success(entries.remove(at: number - 1))
    }
    session.remember(.reinsert(removedEntry, at: number - 1))
    let removed = removedEntry.measurement
    let unit = session.currentSettings.unit
    session.say(
      "deleted #\(number) (\(unit.format(metres: removed.distance)), delay \(FixedPoint.fixed(removed.delay, digits: 2)) s)"
    )
    return .proceed
  }
}
