import FoundationEssentials
import StormrangeStore

/// `clear`: empties the history (undoable in the same session).
struct ClearCommand: Command {
  let name = "clear"
  let summary = "delete every measurement ('undo' brings them back)"
  let usage = "clear"
  let details = """
    At the prompt it asks first; in a batch it simply clears. If the history file cannot be read,
    clear moves it aside to <name>.unreadable-<timestamp> and starts an empty history.
    """
  let historyAccess = HistoryAccess.changes

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    try expectArguments(arguments, atMost: 0)
    do {
      try session.loadHistory()
    } catch .store(.unreadable(let path, let problem)) {
      return try moveAside(path: path, problem: problem, in: session)
    }
    let count = session.history.count
    guard count > 0 else {
      session.say("the history is already empty")
      return .proceed
    }
    let plural = count == 1 ? "" : "s"
    if session.mode == .interactive, !session.confirm("Delete all \(count) measurement\(plural)? [y/N] ") {
      session.say("nothing was deleted")
      return .proceed
    }
    let removed = try StormrangeError.store { () throws(StoreError) in try session.history.removeAll() }
    session.remember(.restore(removed))
    session.say("deleted \(removed.count) measurement\(removed.count == 1 ? "" : "s") ('undo' restores them)")
    return .proceed
  }

  private func moveAside(path: String, problem: String, in session: Session) throws(StormrangeError)
    -> Outcome
  {
    if session.mode == .interactive,
      !session.confirm(
        "The history file cannot be read (\(problem.escapingControlCharacters)). Move it aside and start afresh? [y/N] "
      )
    {
      session.say("nothing was changed")
      return .proceed
    }
    let now = session.currentLine.arrival.wall
    let movedTo = try StormrangeError.store { () throws(StoreError) in
      try session.history.moveAsideUnreadable(now: now)
    }
    guard let aside = movedTo else {
      return try run(CommandArguments("clear")!, in: session)
    }
    var message = "moved the unreadable history file to \(aside.escapedAsPath); the history is now empty"
    let recoverable = MeasurementImport.recoverableCount(
      at: aside, readLimit: session.history.readLimit, now: now,
      defaultTemperature: session.currentSettings.temperature)
    if recoverable > 0 {
      message +=
        "; 'import --skip-invalid \(aside.escapedAsPath)' brings back its \(recoverable) valid "
        + "measurement\(recoverable == 1 ? "" : "s")"
    }
    session.say(message)
    return .proceed
  }
}
