import StormrangeDomain

/// `status`: how far the storm is and how sure that is, whether it is coming, and what to do.
struct StatusCommand: Command {
  let name = "status"
  let summary = "how far the storm is, whether it is coming or going, and what to do"
  let usage = "status [--json]"
  let details = """
    latest     the latest distance, ± its own uncertainty: a reaction time of
               about 0.3 s per tap and a temperature known to ±5 °C, or a
               detector's step
    storm      the current storm: measurements less than 30 minutes apart,
               up to the latest one
    trend      whether the range is falling (approaching) or rising
               (receding), and how fast; claimed only at twice its error,
               over at least 5 minutes; when approaching, when it comes
               within 10 km
    motion     speed over the ground, and with bearings the heading
    closest    where and when it comes nearest
    advice     after the US National Weather Service, "when thunder roars,
               go indoors": shelter now while thunder was heard in the last
               30 minutes, all clear after; lightning within about 10 km is
               shown beside it
    all clear  30 minutes after the last thunder, counted down
    --json     all of it as one JSON object on one line (README, "Status as
               JSON"); every ± and _error is one standard error
    At the prompt a one-line summary follows each measurement.
    """
  let historyAccess = HistoryAccess.reads

  func completions(forArgument index: Int, after previous: [String]) -> [String] {
    index == 0 ? ["--json"] : []
  }

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    try expectArguments(arguments, atMost: 1)
    if arguments.count == 1, arguments[0] != "--json" {
      throw usageError("unexpected argument '\(arguments[0].escapedForDisplay)'")
    }
    let now = session.clock.now().wall
    let status = StormStatus(history: session.history, now: now)
    if arguments.count == 1 {
      session.output.write(StatusJSON.encode(status, now: now) + "\n")
    } else if let status {
      let report = StatusReport(
        status: status, unit: session.currentSettings.unit, repertoire: session.repertoire,
        palette: session.palette)
      session.output.write(report.block)
    } else {
      session.say("no measurements yet: type 'flash' when you see lightning, or 'add SECONDS'")
      return .proceed
    }
    if let status {
      session.shownNumbers.showed(status.position..<status.position + 1, of: session.history.entries)
    }
    return .proceed
  }
}
