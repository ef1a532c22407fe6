import Testing

@testable import StormrangeKit

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
  }
}
