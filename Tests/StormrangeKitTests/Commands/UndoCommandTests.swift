import Testing

@testable import StormrangeKit

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

  @Test func undoOfAnAddKeepsWhatAnotherProcessAddedMeanwhile() throws {
    let test = TestSession()
    test.runAll(["add 1"])
    try appendAsAnotherProcess(delay: 9, to: test.historyPath)
    test.runAll(["undo"])
    #expect(try test.reloadedHistory().map(\.delay) == [9])
  }
}
