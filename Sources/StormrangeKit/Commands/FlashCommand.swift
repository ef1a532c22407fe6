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
    Stopwatch.start(at: session.currentLine.arrival, in: session)
    return .proceed
  }
}
