/// `undo`: reverts the last change made in this session.
struct UndoCommand: Command {
  let name = "undo"
  let summary = "revert the last add, delete, clear or import made in this session"
  let usage = "undo"
  let usesHistory = true

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    try expectArguments(arguments, atMost: 0)
    guard let step = session.undoSteps.last else { throw .nothingToUndo }
    try session.refreshHistory()
    let description = try step.apply(to: session.history, unit: session.currentSettings.unit)
    session.undoSteps.removeLast()
    session.say(description)
    return .proceed
  }
}
