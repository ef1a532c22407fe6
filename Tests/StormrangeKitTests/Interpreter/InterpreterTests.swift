import FoundationEssentials
import Glibc
import Testing

@testable import StormrangeKit
@testable import StormrangeStore
@testable import StormrangeDomain
@testable import StormrangePropertyList
@testable import StormrangeBase

@Suite struct RecordingTests {
  @Test func addPrintsOneConfirmationLine() throws {
    let test = TestSession()
    test.runAll(["add 6"])
    #expect(test.output.text == "#1  2.06 km  (delay 6.00 s)\n")
    #expect(test.errors.text.isEmpty)
    #expect(try test.reloadedHistory().map(\.delay) == [6])
  }

  @Test func addWithTimeAndNote() throws {
    let test = TestSession()
    test.runAll(["add 12 at 2026-07-01T18:03:00+02:00 note over  the lake "])
    let stored = try #require(try test.reloadedHistory().first)
    #expect(stored.date == Date(timeIntervalSince1970: 1_782_921_780))
    #expect(stored.note == "over  the lake ")
  }

  @Test func aLongDelayIsRecordedWithAWarning() throws {
    let test = TestSession()
    test.runAll(["add 80"])
    #expect(test.errors.text.contains("warning:"))
    #expect(test.errors.text.contains("rarely heard"))
    #expect(test.output.text.hasPrefix("#1  27.46 km"))
  }

  @Test(arguments: [
    "add", "add x", "add nan", "add inf", "add 1e309", "add 0", "add -0", "add -3", "add 301", "add 0x10",
    "add 6 7", "add 6 at", "add 6 at noon", "add 6 at 2026-07-01T18:03:00", "add 6 note",
    "add 6 note \u{1B}[31mred",
    "add 6 at 2999-01-01T00:00Z",
  ])
  func badInputIsRejectedAndChangesNothing(line: String) throws {
    let test = TestSession()
    test.runAll(["add 5"])
    let before = test.directory.bytes("history.plist")
    test.output.take()
    #expect(test.run(line))
    #expect(test.output.text.isEmpty)
    #expect(test.errors.text.hasPrefix("stormrange: line 1: "))
    #expect(test.errors.text.filter { $0 == "\n" }.count == 1)
    #expect(test.directory.bytes("history.plist") == before)
  }

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
}

@Suite struct StopwatchTests {
  @Test func flashThenThunderTimesTheArrivalOfTheLines() throws {
    let test = TestSession()
    let flashWall = test.clock.moment.wall
    test.runAll(["flash"])
    test.clock.advance(3.25)
    test.runAll(["thunder"])
    let stored = try #require(try test.reloadedHistory().first)
    #expect(abs(stored.delay - 3.25) < 1e-9)
    #expect(stored.date == Date(timeIntervalSince1970: flashWall.timeIntervalSince1970.rounded(.down)))
    #expect(test.output.text == "#1  1.12 km  (delay 3.25 s)\n")
  }

  @Test func bangIsThunder() throws {
    let test = TestSession()
    test.runAll(["flash"])
    test.clock.advance(1)
    test.runAll(["bang"])
    #expect(try test.reloadedHistory().count == 1)
  }

  @Test func thunderWithoutFlashFails() {
    let test = TestSession()
    #expect(test.run("thunder"))
    #expect(test.errors.text.contains("no flash"))
  }

  @Test func enterTogglesTheStopwatchOnlyAtThePrompt() throws {
    let interactive = TestSession(mode: .interactive)
    interactive.runAll([""])
    #expect(interactive.interpreter.prompt(at: interactive.clock.now()).hasSuffix("> "))
    interactive.clock.advance(2)
    #expect(interactive.interpreter.prompt(at: interactive.clock.now()) == "stormrange [flash +2 s]> ")
    interactive.runAll([""])
    #expect(try interactive.reloadedHistory().map(\.delay) == [2])
    #expect(interactive.interpreter.prompt(at: interactive.clock.now()) == "stormrange> ")

    let batch = TestSession()
    batch.runAll(["", ""])
    #expect(batch.session.flash == nil)
    #expect(try batch.reloadedHistory().isEmpty)
  }

  @Test func cancellingStopsTiming() {
    let test = TestSession(mode: .interactive)
    test.runAll(["flash"])
    #expect(test.interpreter.cancelStopwatch())
    #expect(test.session.flash == nil)
    #expect(!test.interpreter.cancelStopwatch())
  }

  @Test func aStopwatchLeftRunningTooLongIsRejectedAndReset() throws {
    let test = TestSession()
    test.runAll(["flash"])
    test.clock.advance(400)
    #expect(test.run("thunder"))
    #expect(test.session.flash == nil)
    #expect(try test.reloadedHistory().isEmpty)
  }
}

@Suite struct HistoryCommandTests {
  @Test func showListsOldestFirstOrTheLastN() throws {
    let test = TestSession()
    setenv("TZ", "UTC", 1)
    test.runAll([
      "add 3 at 2026-07-01T15:00:00Z", "add 6 at 2026-07-01T15:05:00Z note closer?",
      "add 9 at 2026-07-01T15:10:00Z",
    ])
    test.output.take()
    test.runAll(["show"])
    let lines = test.output.take().split(separator: "\n")
    try #require(lines.count == 4)
    #expect(lines[1].contains("2026-07-01 15:00:00"))
    #expect(lines[2].hasSuffix("closer?"))
    test.runAll(["show 2"])
    let last = test.output.take().split(separator: "\n")
    try #require(last.count == 3)
    #expect(last[1].hasPrefix("2  "))
    #expect(test.run("show 0"))
    #expect(test.run("show x"))
  }

  @Test func showSaysSoWhenEmpty() {
    let test = TestSession()
    test.runAll(["show"])
    #expect(test.output.text.contains("no measurements"))
  }

  @Test func deleteAndUndo() throws {
    let test = TestSession()
    test.runAll(["add 1", "add 2", "add 3", "delete 2"])
    #expect(try test.reloadedHistory().map(\.delay) == [1, 3])
    #expect(test.run("delete 3"))
    #expect(test.run("delete two"))
    test.runAll(["undo"])
    #expect(try test.reloadedHistory().map(\.delay) == [1, 2, 3])
    test.runAll(["undo", "undo", "undo"])
    #expect(try test.reloadedHistory().isEmpty)
    #expect(test.run("undo"))
    #expect(test.errors.text.contains("nothing to undo"))
  }

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

  @Test func undoOfAnAddKeepsWhatAnotherProcessAddedMeanwhile() throws {
    let test = TestSession()
    test.runAll(["add 1"])
    try SavedHistory(path: test.historyPath).append(
      Measurement(date: Date(timeIntervalSince1970: 5), delay: 9, temperature: 20))
    test.runAll(["undo"])
    #expect(try test.reloadedHistory().map(\.delay) == [9])
  }
}

@Suite struct SettingsCommandTests {
  @Test func settingsPersistAndHoldOnlyWhatChanged() throws {
    let test = TestSession()
    test.runAll(["set unit mi"])
    let stored = try PropertyListReader.read(try #require(test.directory.bytes("settings.plist")))
    #expect(stored == .dictionary([PropertyListEntry(key: "unit", value: .string("mi"))]))
    let again = TestSession()
    _ = again
    #expect(SettingsStore(path: test.directory.file("settings.plist")).current.unit == .miles)
  }

  @Test func aNewTemperatureAppliesOnlyToNewMeasurements() throws {
    let test = TestSession()
    test.runAll(["add 6", "set temperature 86F", "add 6"])
    let stored = try test.reloadedHistory()
    #expect(stored[0].temperature == 20)
    #expect(abs(stored[1].temperature - 30) < 1e-9)
    #expect(stored[1].speedOfSound > stored[0].speedOfSound)
  }

  @Test func setListsAndValidates() {
    let test = TestSession()
    test.runAll(["set"])
    #expect(test.output.text.contains("unit         km"))
    #expect(test.output.text.contains("343.2 m/s"))
    for bad in [
      "set unit parsecs", "set colour red", "set unit", "set temperature hot", "set temperature 500",
      "set unit km extra",
    ] {
      #expect(test.run(bad), "\(bad) should fail")
    }
  }
}

@Suite struct LazinessTests {
  /// help, set and quit must work without ever opening the history: here it is a directory.
  @Test(arguments: ["help", "help add", "set", "set unit m", "quit", "flash"])
  func commandsThatDoNotNeedTheHistoryNeverTouchIt(line: String) throws {
    let test = TestSession()
    try FileManager.default.createDirectory(atPath: test.historyPath, withIntermediateDirectories: false)
    #expect(!test.run(line))
    #expect(!test.session.history.isLoaded)
  }

  @Test func quitEndsTheLoop() {
    let test = TestSession()
    #expect(test.interpreter.execute(InputLine("quit", arrival: test.clock.now())).outcome == .quit)
    #expect(test.interpreter.execute(InputLine("exit", arrival: test.clock.now())).outcome == .quit)
  }
}

@Suite struct HelpAndCompletionTests {
  @Test func helpListsEveryCommandWithASummary() {
    let test = TestSession()
    test.runAll(["help"])
    for command in CommandRegistry.standard.commands {
      #expect(test.output.text.contains("  \(command.name) "))
    }
  }

  @Test func helpForOneCommandShowsItsUsage() {
    let test = TestSession()
    test.runAll(["help add", "help bang"])
    #expect(test.output.text.contains("usage: add SECONDS [at TIME] [note TEXT]"))
    #expect(test.output.text.contains("usage: thunder"))
    #expect(test.run("help nothing"))
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
