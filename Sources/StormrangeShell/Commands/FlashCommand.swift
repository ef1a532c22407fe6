import StormrangeDomain

/// `flash [BEARING]`: starts the stopwatch when lightning is seen.
struct FlashCommand: Command {
  let name = "flash"
  let summary = "start the stopwatch: you saw lightning"
  let usage = "flash [BEARING]"
  var details: String {
    """
    BEARING  where the flash was: degrees clockwise from north (0 to 360) or a compass point
             (N, NNE, NE, … NNW); optional
    Type 'thunder' (or 'bang') when the thunder arrives; the delay between the two lines gives the
    distance. At the prompt an empty line (just Enter) does the same: Enter, Enter. Ctrl-C cancels.
    Piped, each line is timed as it arrives: a thunder that comes in one read with its flash has no
    delay that can be known and is refused, and so is one whose flash or thunder line waited, unread,
    while stormrange was busy (by more than 0.1 s in all); a flash left at the end of the input is
    warned about.
    """
  }

  func completions(forArgument index: Int, after previous: [String]) -> [String] {
    index == 0 ? Bearing.compassPoints : []
  }

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    let bearing = try optionalBearing(arguments)
    session.startStopwatch(at: session.currentLine, bearing: bearing)
    return .proceed
  }
}
