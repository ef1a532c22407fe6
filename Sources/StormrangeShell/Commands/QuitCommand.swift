/// `quit`/`exit`: leaves the shell.
struct QuitCommand: Command {
  let name = "quit"
  let aliases = ["exit"]
  let summary = "leave stormrange (so does Ctrl-D)"
  let usage = "quit"

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    try expectArguments(arguments, atMost: 0)
    return .quit
  }
}
