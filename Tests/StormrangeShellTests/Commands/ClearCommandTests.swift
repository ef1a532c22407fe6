import FoundationEssentials
import ShellTestSupport
import StormrangeBase
import StormrangeDomain
import TestSupport
import Testing

@testable import StormrangeShell
@testable import StormrangeStore

@Suite struct ClearCommandTests {
  @Test func clearInABatchClearsAndUndoRestores() throws {
    let test = TestSession()
    test.runAll(["add 1", "add 2", "clear"])
    #expect(try test.reloadedHistory().isEmpty)
    test.runAll(["undo"])
    #expect(try test.reloadedHistory().map(\.delay) == [1, 2])
  }

  @Test func clearAtThePromptAsksFirst() throws {
    let test = TestSession(mode: .interactive)
    var questions: [String] = []
    var answer = false
    test.session.confirm = { question in
      questions.append(question)
      return answer
    }
    test.runAll(["add 1", "clear"])
    #expect(questions == ["Delete all 1 measurement? [y/N] "])
    #expect(try test.reloadedHistory().count == 1)
    answer = true
    test.runAll(["clear"])
    #expect(try test.reloadedHistory().isEmpty)
    test.runAll(["add 2", "clear --yes"])
    #expect(questions.count == 2)
    #expect(try test.reloadedHistory().isEmpty)
  }

  @Test func clearKeepsACopyThatImportBringsBack() throws {
    let test = TestSession(mode: .oneShot)
    test.runAll(["add 1 note first", "add 2"])
    _ = test.output.take()
    test.runAll(["clear"])
    let names = try FileManager.default.contentsOfDirectory(atPath: test.directory.path)
    let copy = try #require(names.first { $0.hasPrefix("history.plist.cleared-") })
    let said = test.output.take()
    let path = test.directory.file(copy)
    // The command last and bare, so that it can be copied whole (issue 17: it was in quotes).
    #expect(
      said
        == "deleted 2 measurements; a copy is in \(path); to bring them back: import \(path.shellQuotedPath)\n"
    )
    #expect(!said.contains("undo"))  // one command: no undo to promise
    #expect(try historyOnDisk(at: test.directory.file(copy)).map(\.delay) == [1, 2])
    test.runAll(["import \(test.directory.file(copy))"])
    #expect(try test.reloadedHistory().map(\.note) == ["first", nil])
  }

  @Test func whatChangedWhileTheQuestionWasAskedIsAskedAgain() throws {
    let test = TestSession(mode: .interactive)
    test.runAll(["add 1", "add 2"])
    var questions: [String] = []
    test.session.confirm = { question in
      questions.append(question)
      if questions.count == 1 { try? appendAsAnotherProcess(delay: 9, to: test.historyPath) }
      return questions.count < 3
    }
    test.runAll(["clear"])
    // The second answer cleared the three there were; the third question never came.
    #expect(questions == ["Delete all 2 measurements? [y/N] ", "Delete all 3 measurements? [y/N] "])
    #expect(try test.reloadedHistory().isEmpty)
    #expect(test.output.text.contains("changed while you answered"))
  }

  @Test func aNoAfterTheHistoryChangedDeletesNothing() throws {
    let test = TestSession(mode: .interactive)
    test.runAll(["add 1"])
    var asked = 0
    test.session.confirm = { _ in
      asked += 1
      if asked == 1 { try? appendAsAnotherProcess(delay: 9, to: test.historyPath) }
      return asked == 1
    }
    test.runAll(["clear"])
    #expect(try test.reloadedHistory().map(\.delay) == [1, 9])
  }

  @Test func anythingButYesIsRefused() throws {
    let test = TestSession()
    test.runAll(["add 1"])
    #expect(test.run("clear --no"))
    #expect(try test.reloadedHistory().count == 1)
  }
}
