/// `flash`: starts the stopwatch when lightning is seen.
struct FlashCommand: Command {
  let name = "flash"
  let summary = "start the stopwatch: you saw lightning"
  let usage = "flash"
  let details = """
    Type 'thunder' (or 'bang') when the thunder arrives; the delay between the two lines gives the
    distance. At the prompt an empty line (just Enter) does the same: Enter, Enter. Ctrl-C cancels.
    """

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    try expectArguments(arguments, atMost: 0)
    session.startStopwatch(at: session.currentLine.arrival)
    return .proceed
  }
}

extension Session {
  /// Starts (or restarts) timing at `moment`.
  func startStopwatch(at moment: Moment) {
    if flash != nil { warn("the previous flash had no thunder; timing the new one") }
    flash = moment
    if mode == .interactive { say("timing… press Enter or type 'thunder' when you hear it") }
  }

  /// Stops timing at `moment` and records the delay.
  func stopStopwatch(at moment: Moment) throws(StormrangeError) {
    guard let started = flash else { throw .noFlash }
    flash = nil
    let delay = moment.monotonic - started.monotonic
    try record(delay: delay, typed: FixedPoint.fixed(delay, digits: 2), date: started.wall, note: nil)
  }
}
