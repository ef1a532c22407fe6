import StormrangeStore

/// `undo`: reverts the last change made in this session.
struct UndoCommand: Command {
  let name = "undo"
  let summary = "revert the last add, delete, clear or import made in this session"
  let usage = "undo"
  let historyAccess = HistoryAccess.changes

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    try expectArguments(arguments, atMost: 0)
    guard let step = session.undoSteps.last else {
      throw session.forgotUndoSteps ? .nothingMoreToUndo(depth: session.undoDepth) : .nothingToUndo
    }
    let description = try step.apply(in: session, unit: session.currentSettings.unit)
    session.undoSteps.removeLast()
    session.saved(.undone(description))
    session.say(description)
    return .proceed
  }
}
