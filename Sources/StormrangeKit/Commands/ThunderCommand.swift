/// `thunder`/`bang`: stops the stopwatch and records the measurement.
struct ThunderCommand: Command {
  let name = "thunder"
  let aliases = ["bang"]
  let summary = "stop the stopwatch and record the distance: you heard thunder"
  let usage = "thunder"
  let historyAccess = HistoryAccess.changes

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    try expectArguments(arguments, atMost: 0)
    try Stopwatch.stop(at: session.currentLine.arrival, in: session)
    return .proceed
  }
}
