import FoundationEssentials
import Testing

@testable import StormrangeKit

@Suite struct InterpreterTests {
  @Test func unknownCommandsGetASuggestion() {
    let test = TestSession()
    #expect(test.run("shwo"))
    #expect(test.errors.text.contains("did you mean 'show'"))
    test.errors.take()
    #expect(test.run("thundr"))
    #expect(test.errors.text.contains("'thunder'"))
  }

  @Test func aLineThatIsNotUTF8IsRefusedNotStoredWithReplacements() throws {
    let test = TestSession()
    let line = InputLine("add 6 note caf\u{FFFD}", arrival: test.clock.now(), isValidUTF8: false)
    #expect(test.interpreter.execute(line, number: 3).failed)
    #expect(
      test.errors.text
        == "stormrange: line 3: the line is not valid UTF-8 text, so it was not run; save the input as UTF-8\n"
    )
    #expect(try test.reloadedHistory().isEmpty)
  }

  @Test func commentsAndCRLFAreHandled() throws {
    let test = TestSession()
    test.runAll(["# a comment", "add 6\r", "   "])
    #expect(try test.reloadedHistory().count == 1)
  }

  /// help, set and quit must work without ever opening the history: here it is a directory.
  @Test(arguments: ["help", "help add", "set", "set unit m", "quit", "flash"])
  func commandsThatDoNotNeedTheHistoryNeverTouchIt(line: String) throws {
    let test = TestSession()
    try FileManager.default.createDirectory(atPath: test.historyPath, withIntermediateDirectories: false)
    #expect(!test.run(line))
    #expect(!test.session.history.isLoaded)
  }

  @Test func cancellingStopsTiming() {
    let test = TestSession(mode: .interactive)
    test.runAll(["flash"])
    #expect(test.interpreter.cancelStopwatch())
    #expect(test.session.flash == nil)
    #expect(!test.interpreter.cancelStopwatch())
  }

  @Test func completesCommandsAndFixedArguments() {
    let interpreter = TestSession().interpreter
    #expect(interpreter.completions(before: "", word: "sh") == ["show"])
    #expect(interpreter.completions(before: "", word: "ex").contains("exit"))
    #expect(interpreter.completions(before: "set ", word: "") == ["temperature", "unit"])
    #expect(interpreter.completions(before: "set unit ", word: "m") == ["m", "mi"])
    #expect(interpreter.completions(before: "help ", word: "de") == ["delete"])
    #expect(interpreter.completions(before: "add 6 ", word: "n") == ["note"])
    #expect(interpreter.completions(before: "nothing ", word: "") == [])
  }
}
