import ShellTestSupport
import TestSupport
import Testing

@testable import StormrangeShell


/// What a refused `add` line did, for the tests of `add`'s refusals: whether it failed, what it
/// printed, and whether it left the history file and the undo steps as they were.
struct Refusal {
  let failed: Bool
  let output: String
  let errors: String
  let historyUnchanged: Bool
  let undoStepsUnchanged: Bool

  /// Runs `line` in a session holding one measurement (`add 5`).
  init(of line: String) {
    let test = TestSession()
    test.runAll(["add 5"])
    let before = test.directory.bytes("history.plist")
    let steps = test.session.undoSteps.count
    _ = test.output.take()
    failed = test.run(line)
    output = test.output.text
    errors = test.errors.text
    historyUnchanged = test.directory.bytes("history.plist") == before
    undoStepsUnchanged = test.session.undoSteps.count == steps
  }
}
