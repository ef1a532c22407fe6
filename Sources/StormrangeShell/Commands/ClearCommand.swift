import StormrangeBase
import StormrangeExchange
import StormrangeStore

/// `clear`: empties the history, keeping what it held in a file beside it that `import` brings back.
struct ClearCommand: Command {
  let name = "clear"
  let summary = "delete every measurement, keeping a copy that 'import' brings back"
  let usage = "clear [--yes]"
  var details: String {
    """
    --yes  do not ask first (for scripts run from a terminal)
    At the prompt, and for 'stormrange clear' run at a terminal, it asks
    first; in a batch, or with input from a pipe, it simply clears. It deletes
    exactly what you agreed to: if another process changes the history while
    you answer, it asks again. The measurements are first written to
    <name>.cleared-<timestamp> beside the history file, so 'import' with that
    file brings them back in any later session ('undo' too, in the same one).
    If the history file cannot be read, clear moves it aside to
    <name>.unreadable-<timestamp> and starts an empty history.
    """
  }
  let historyAccess = HistoryAccess.changes

  func completions(forArgument index: Int, after previous: [String]) -> [String] {
    index == 0 ? ["--yes"] : []
  }

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    try expectArguments(arguments, atMost: 1)
    if !arguments.isEmpty, arguments[0] != "--yes" {
      throw usageError("unexpected argument '\(arguments[0].escapedForDisplay)'")
    }
    let ask = arguments.isEmpty ? session.confirm : nil
    do {
      try session.loadHistory()
    } catch .store(.unreadable(let path, let problem)) {
      return try moveAside(path: path, problem: problem, arguments: arguments, in: session)
    }
    let now = session.currentLine.arrival.wall
    while true {
      let agreed = session.history.entries
      guard !agreed.isEmpty else {
        session.say("the history is already empty")
        return .proceed
      }
      let count = agreed.count
      if let ask, !ask("Delete all \(count) measurement\(count == 1 ? "" : "s")? [y/N] ") {
        session.say("nothing was deleted")
        return .proceed
      }
      // Without a question nobody agreed to a particular list: whatever is there under the lock goes.
      let cleared = try StormrangeError.wrapping { () throws(StoreError) in
        try session.history.clear(now: now, ifStill: ask == nil ? nil : agreed)
      }
      guard let (removed, keptIn) = cleared else {
        session.say("the history changed while you answered (another process changed it); asking again")
        continue
      }
      guard let keptIn else { continue }  // Another process emptied it meanwhile; the loop says so.
      session.remember(.restore(removed))
      let them = removed.count == 1 ? "it" : "them"
      let copy = keptIn.description
      session.saved(.cleared(count: removed.count, copy: copy.escapedAsPath))
      session.say(
        "deleted \(removed.count) measurement\(removed.count == 1 ? "" : "s")"
          + (session.canUndoLater ? " ('undo' restores \(them))" : "")
          + "; a copy is in \(copy.escapedAsPath); "
          + "to bring \(them) back\(session.canUndoLater ? " later" : ""): "
          + Self.suggested("import", copy))
      return .proceed
    }
  }

  /// A command for `path`, as a message ends with it so that it can be copied whole: the path
  /// quoted for the shell and for a line (``StringProtocol/shellQuotedPath``), and nothing around
  /// the command, whose own quotes a pair around it would break.
  private static func suggested(_ command: String, _ path: String) -> String {
    "\(command) \(path.shellQuotedPath.escapedAsPath)"
  }

  private func moveAside(
    path: String, problem: String, arguments: CommandArguments, in session: Session
  ) throws(StormrangeError) -> Outcome {
    if arguments.isEmpty, let ask = session.confirm,
      !ask(
        "The history file cannot be read (\(problem.escapingControlCharacters)). Move it aside and start afresh? [y/N] "
      )
    {
      session.say("nothing was changed")
      return .proceed
    }
    let now = session.currentLine.arrival.wall
    let movedTo = try StormrangeError.wrapping { () throws(StoreError) in
      try session.history.moveAsideUnreadable(now: now)
    }
    guard let aside = movedTo else {
      return try run(arguments, in: session)  // Readable again meanwhile: clear it as such.
    }
    session.saved(.movedAside(to: aside.escapedAsPath))
    var message = "moved the unreadable history file to \(aside.escapedAsPath); the history is now empty"
    let recoverable = MeasurementImport.recoverableCount(
      at: aside, readLimit: session.history.readLimit, now: now,
      defaultTemperature: session.currentSettings.temperature)
    if recoverable > 0 {
      message +=
        "; to bring back its \(recoverable) valid measurement\(recoverable == 1 ? "" : "s"): "
        + Self.suggested("import --skip-invalid", aside)
    }
    session.say(message)
    return .proceed
  }
}
