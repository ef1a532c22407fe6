/// An empty line at the prompt: starts the stopwatch, or stops it and records the delay, so a storm
/// can be timed with Enter alone. Not listed by `help` or completion; in a batch or one-shot an
/// empty line does nothing.
struct EnterCommand: Command {
  package init() {}

  package let name = ""
  package let summary = "Enter on an empty line: start or stop the stopwatch"
  package let usage = "(Enter)"
  /// Stopping records through `modify`, which loads the history under the lock; starting never
  /// opens it.
  package let historyAccess = HistoryAccess.changes

  package func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    guard session.mode == .interactive else { return .proceed }
    if session.flash == nil {
      session.startStopwatch(at: session.currentLine)
    } else {
      try session.stopStopwatch(at: session.currentLine)
    }
    return .proceed
  }
}
