import StormrangeDomain

/// `thunder [BEARING]`/`bang`: stops the stopwatch and records the measurement.
struct ThunderCommand: Command {
  let name = "thunder"
  let aliases = ["bang"]
  let summary = "stop the stopwatch and record the distance: you heard thunder"
  let usage = "thunder [BEARING]"
  var details: String {
    """
    BEARING  where the flash was, when 'flash' was not given one: degrees or a compass point
    """
  }
  let historyAccess = HistoryAccess.changes

  func completions(forArgument index: Int, after previous: [String]) -> [String] {
    index == 0 ? Bearing.compassPoints : []
  }

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    let bearing = try optionalBearing(arguments)
    try session.stopStopwatch(at: session.currentLine, bearing: bearing)
    return .proceed
  }
}
