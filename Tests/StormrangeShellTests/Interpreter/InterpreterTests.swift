import FoundationEssentials
import Glibc
import ShellTestSupport
import StormrangeDomain
import StormrangeStore
import TestSupport
import Testing

@testable import StormrangeShell

@Suite struct InterpreterTests {
  @Test func unknownCommandsGetASuggestion() {
    let test = TestSession()
    #expect(test.run("shwo"))
    #expect(test.errors.text.contains("did you mean 'show'"))
    _ = test.errors.take()
    #expect(test.run("thundr"))
    #expect(test.errors.text.contains("'thunder'"))
  }

  /// A swap of neighbouring letters is one edit, and every command at the smallest distance is
  /// offered: `stauts` is as near to `status` as to `stats`.
  @Test func aSwapIsOneEditAndEveryNearestCommandIsOffered() {
    let test = TestSession()
    #expect(test.run("stauts"))
    #expect(
      test.errors.text
        == "stormrange: line 1: unknown command 'stauts'; did you mean 'status' or 'stats'? (type 'help' for a list)\n"
    )
    #expect(CommandRegistry.editDistance("stauts", "status") == 1)
    #expect(CommandRegistry.editDistance("ca", "abc") == 3)
    #expect(CommandRegistry.closest(to: "sttaus", among: CommandRegistry.shell.commands) == ["status"])
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

  /// A file name is bytes: a one-shot command's PATH may hold bytes that are not UTF-8, and nothing
  /// else in it may.
  @Test func aOneShotPathThatIsNotUTF8IsKeptAndAnythingElseIsRefused() throws {
    let test = TestSession(mode: .oneShot)
    test.runAll(["add 6"])
    let name = Array(test.directory.file("caf").utf8) + [0xE9] + Array(".csv".utf8)
    let arguments = [Array("export".utf8), Array("csv".utf8), name]
    #expect(!test.interpreter.execute(InputLine(arguments: arguments, arrival: test.clock.now())).failed)
    let file = SystemPath(bytes: name)
    #expect(file.withCString { access($0, F_OK) } == 0)
    #expect(test.output.take().hasSuffix("exported 1 measurement to \(file.description) (CSV)\n"))
    let refused =
      "stormrange: the command is not valid UTF-8 text, so it was not run; only a file name "
      + "(the PATH of export or import, mqtt's --password-file and --cafile) may hold other bytes\n"
    for arguments in [
      [Array("add".utf8), Array("7".utf8), Array("note".utf8), [0x63, 0xE9]],
      [Array("export".utf8), [0x63, 0xE9], Array("out".utf8)],
      [[0x65, 0xE9]],
      [Array("show".utf8), [0xE9]],
    ] {
      #expect(test.interpreter.execute(InputLine(arguments: arguments, arrival: test.clock.now())).failed)
      #expect(test.errors.take() == refused)
    }
    #expect(try test.reloadedHistory().map(\.delay) == [6])
  }

  @Test func commentsAndCRLFAreHandled() throws {
    let test = TestSession()
    test.runAll(["# a comment", "add 6\r", "   "])
    #expect(test.output.text == "#1  2.06 km  (delay 6.00 s)\n")
    #expect(try test.reloadedHistory().map(\.delay) == [6])
  }

  /// help, set, quit and flash work even when the history cannot be read: here it is a directory.
  @Test(arguments: InterpreterTests.commandsThatDoNotNeedTheHistory)
  func commandsThatDoNotNeedTheHistoryWorkWhenItIsBroken(line: String) throws {
    let test = TestSession()
    try FileManager.default.createDirectory(atPath: test.historyPath, withIntermediateDirectories: false)
    #expect(!test.run(line))
    #expect(test.errors.text.isEmpty)
  }

  /// And they do not load it at all: here it is readable, so a load would succeed and show. (Beside
  /// a broken file, a load that failed quietly would leave the history unloaded too.)
  @Test(arguments: InterpreterTests.commandsThatDoNotNeedTheHistory)
  func commandsThatDoNotNeedTheHistoryNeverLoadIt(line: String) throws {
    let test = TestSession()
    try appendAsAnotherProcess(delay: 9, to: test.historyPath)
    #expect(!test.run(line))
    #expect(!test.session.history.isLoaded)
    #expect(test.session.history.isEmpty)
  }

  static let commandsThatDoNotNeedTheHistory = ["help", "help add", "set", "set unit m", "quit", "flash"]

  @Test func cancellingStopsTiming() {
    let test = TestSession(mode: .interactive)
    test.runAll(["flash"])
    _ = test.output.take()
    #expect(test.interpreter.cancelStopwatch())
    #expect(test.output.take() == "stopwatch cancelled\n")
    #expect(test.session.flash == nil)
    #expect(!test.interpreter.cancelStopwatch())
    #expect(test.output.text.isEmpty)
  }

  @Test func completesCommandsAndFixedArguments() {
    let interpreter = TestSession().interpreter
    #expect(interpreter.completions(before: "", word: "sh") == ["show"])
    #expect(interpreter.completions(before: "", word: "ex").contains("exit"))
    #expect(interpreter.completions(before: "set ", word: "") == ["location", "radius", "temperature", "unit"])
    #expect(interpreter.completions(before: "set unit ", word: "m") == ["m", "mi"])
    #expect(interpreter.completions(before: "help ", word: "de") == ["delete"])
    #expect(interpreter.completions(before: "add 6 ", word: "n") == ["nmi", "note"])
    #expect(
      interpreter.completions(before: "add 6 ", word: "") == [
        "at", "from", "ft", "km", "m", "mi", "nmi", "note",
      ])
    #expect(interpreter.completions(before: "add 6 from ", word: "n") == ["N", "NE", "NNE", "NNW", "NW"])
    #expect(interpreter.completions(before: "add 6 from ", word: "ss") == ["SSE", "SSW"])
    #expect(interpreter.completions(before: "add 6 from NE ", word: "") == ["at", "note"])
    #expect(
      interpreter.completions(before: "add 12 km ", word: "") == ["at", "detector", "from", "note", "source"])
    #expect(interpreter.completions(before: "add 12 km source ", word: "") == ["as3935"])
    #expect(
      interpreter.completions(before: "add 12 km at 2026-07-01T16:00:00Z ", word: "") == [
        "detector", "from", "note", "source",
      ])
    #expect(interpreter.completions(before: "add 6 note ", word: "") == [])
    #expect(interpreter.completions(before: "flash ", word: "w") == ["W", "WNW", "WSW"])
    #expect(interpreter.completions(before: "thunder ", word: "E") == ["E", "ENE", "ESE"])
    #expect(interpreter.completions(before: "bang ", word: "").count == 16)
    #expect(interpreter.completions(before: "flash N ", word: "") == [])
    #expect(interpreter.completions(before: "nothing ", word: "") == [])
  }
}
