import Glibc
import TestSupport
import Testing

@testable import StormrangeKit
@testable import StormrangeStore

/// Lines that have all "arrived" already, as from a file.
final class ArrayLineSource: LineSource {
  var lines: [String]

  let clock: FakeClock

  init(_ lines: [String], clock: FakeClock) {
    self.lines = lines
    self.clock = clock
  }

  func nextLine() -> InputLine? {
    lines.isEmpty ? nil : InputLine(lines.removeFirst(), arrival: clock.now())
  }

  func peekArrivedLine() -> String? { lines.first }
}

@Suite struct BatchRunnerTests {
  func run(_ lines: [String], options: BatchRunner.Options = .init(), path: String? = nil)
    -> (result: BatchRunner.Result, output: String, errors: String, test: TestSession)
  {
    let test = TestSession()
    var output = ""
    var errors = ""
    let out = OutputBuffer { bytes in
      output += String(decoding: bytes, as: UTF8.self)
      return true
    }
    let err = OutputBuffer { bytes in
      errors += String(decoding: bytes, as: UTF8.self)
      return true
    }
    let session = Session(
      history: SavedHistory(path: path ?? test.historyPath), settings: test.session.settings, mode: .batch,
      clock: test.clock, output: out, errors: err)
    let runner = BatchRunner(
      interpreter: Interpreter(session: session), source: ArrayLineSource(lines, clock: test.clock),
      options: options, output: out, errors: err)
    let result = runner.run()
    return (result, output, errors, test)
  }

  @Test func errorsCarryTheirLineNumbersAndProcessingContinues() throws {
    let (result, output, errors, test) = run(["add 1", "", "# comment", "add x", "add 2"])
    #expect(result.anyFailed)
    #expect(errors == "stormrange: line 4: 'x' is not a number of seconds; e.g. add 6.5\n")
    #expect(output.split(separator: "\n").count == 2)
    #expect(try test.reloadedHistory().map(\.delay) == [1, 2])
  }

  @Test func bailStopsAtTheFirstFailure() throws {
    let (result, _, _, test) = run(["add 1", "bogus", "add 2"], options: .init(bail: true))
    #expect(result.anyFailed)
    #expect(try test.reloadedHistory().map(\.delay) == [1])
  }

  @Test func echoPrintsEachLineBeforeItsResult() {
    let (_, output, _, _) = run(["add 1", "show 1"], options: .init(echo: true))
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "add 1")
    #expect(lines[1].hasPrefix("#1  "))
    #expect(lines[2] == "show 1")
  }

  @Test func groupedAddsAreConfirmedInOrderAndAllSaved() throws {
    let lines = (1...500).map { "add \(Double($0) / 10)" }
    let (result, output, errors, test) = run(lines)
    #expect(!result.anyFailed)
    #expect(errors.isEmpty)
    let confirmations = output.split(separator: "\n")
    #expect(confirmations.count == 500)
    #expect(confirmations.first?.hasPrefix("#1  ") == true)
    #expect(confirmations.last?.hasPrefix("#500  ") == true)
    #expect(try test.reloadedHistory().count == 500)
  }

  @Test func aBadLineInsideAGroupIsReportedAndTheRestAreSaved() throws {
    let (result, output, errors, test) = run(["add 1", "add 0", "add 2", "add three"])
    #expect(result.anyFailed)
    #expect(errors.contains("line 2:"))
    #expect(errors.contains("line 4:"))
    #expect(output.split(separator: "\n").count == 2)
    #expect(try test.reloadedHistory().map(\.delay) == [1, 2])
  }

  @Test func aGroupThatCannotBeSavedConfirmsNothing() throws {
    let directory = TemporaryDirectory()
    try directory.write("file", "not a directory")
    let (result, output, errors, _) = run(["add 1", "add 2"], path: directory.file("file/h.plist"))
    #expect(result.anyFailed)
    #expect(output.isEmpty)
    #expect(errors.contains("line 1: cannot open the history file"))
    #expect(errors.contains("line 2: cannot open the history file"))
    #expect(errors.contains("Not a directory"))
  }

  @Test func quitStopsReading() throws {
    let (result, _, _, test) = run(["add 1", "quit", "add 2"])
    #expect(!result.anyFailed)
    #expect(try test.reloadedHistory().map(\.delay) == [1])
  }

  @Test func aClosedOutputEndsTheRun() throws {
    let test = TestSession()
    var writes = 0
    let out = OutputBuffer { _ in
      writes += 1
      return false
    }
    let err = OutputBuffer { _ in true }
    let session = Session(
      history: SavedHistory(path: test.historyPath), settings: test.session.settings, mode: .batch,
      clock: test.clock, output: out, errors: err)
    let runner = BatchRunner(
      interpreter: Interpreter(session: session),
      source: ArrayLineSource(["show", "add 1", "add 2"], clock: test.clock), options: .init(), output: out,
      errors: err)
    let result = runner.run()
    #expect(result.outputClosed)
    #expect(writes == 1)
    #expect(try test.reloadedHistory().isEmpty)
  }
}
