import ShellTestSupport
import StormrangeDomain
import StormrangeStore
import Testing

@testable import StormrangeShell

@Suite struct UndoCommandTests {
  @Test func undoRevertsThisSessionsChangesNewestFirst() throws {
    let test = TestSession()
    test.runAll(["add 1", "add 2", "add 3", "delete 2", "undo"])
    #expect(try test.reloadedHistory().map(\.delay) == [1, 2, 3])
    test.runAll(["undo", "undo", "undo"])
    #expect(try test.reloadedHistory().isEmpty)
    #expect(test.run("undo"))
    #expect(test.errors.text.contains("nothing to undo"))
  }

  /// A batch a detector pipes in for days keeps a bounded number of undo steps.
  @Test func aSessionForgetsAllButItsLastChangesOnceItHasTwiceAsMany() throws {
    let test = TestSession()
    test.session.undoDepth = 3
    test.runAll((1...5).map { "add \($0)" })
    test.runAll(["undo"])
    #expect(try test.reloadedHistory().map(\.delay) == [1, 2, 3, 4], "five steps are kept: fewer than six")
    test.runAll(["add 5", "add 6"])
    test.runAll(["undo", "undo", "undo"])
    #expect(try test.reloadedHistory().map(\.delay) == [1, 2, 3])
    #expect(test.run("undo"))
    #expect(
      test.errors.text.contains(
        "nothing more to undo: a session keeps its last 3 changes or more for undo, and the older ones "
          + "are forgotten"))
    #expect(try test.reloadedHistory().map(\.delay) == [1, 2, 3])
  }

  @Test func undoOfAnAddKeepsWhatAnotherProcessAddedMeanwhile() throws {
    let test = TestSession()
    test.runAll(["add 1"])
    try appendAsAnotherProcess(delay: 9, to: test.historyPath)
    test.runAll(["undo"])
    #expect(try test.reloadedHistory().map(\.delay) == [9])
  }

  @Test func undoOfADeleteRestoresTheOrderMeasurementsWereAddedIn() throws {
    let test = TestSession()
    test.runAll(["add 1", "add 2", "add 3", "show", "delete 2"])
    // Another process deletes the first: the deleted 2 belongs before 3, now #1, not at #2 after it.
    try SavedHistory(path: test.historyPath, now: { test.clock.now().wall }).modify { $0.remove(at: 0) }
    test.runAll(["undo"])
    #expect(try test.reloadedHistory().map(\.delay) == [2, 3])
    #expect(test.output.text.hasSuffix("restored #1 (0.69 km)\n"))
  }
}
