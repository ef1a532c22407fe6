import FoundationEssentials
import Glibc
import ShellTestSupport
import StormrangeStore
import TestSupport
import Testing

@testable import StormrangeDomain
@testable import StormrangeShell

/// What a batch writes to one of its streams.
final class CollectedOutput {
  private(set) var text = ""
  private(set) var writes = 0
  /// What a write gets: `.closed` when the reader has gone (`stormrange show | head -1`).
  var answer = Console.WriteResult.written

  func write(_ bytes: [UInt8]) -> Console.WriteResult {
    writes += 1
    if answer == .written { text += String(decoding: bytes, as: UTF8.self) }
    return answer
  }
}

/// A batch session on files in a temporary directory, with its standard output and error collected.
struct Batch {
  let directory = TemporaryDirectory()
  let clock = FakeClock()
  let output = CollectedOutput()
  let errors = CollectedOutput()
  let console: Console
  let session: Session

  init(historyName: String = "history.plist") {
    let (output, errors) = (self.output, self.errors)
    console = Console { stream, bytes in stream == .output ? output.write(bytes) : errors.write(bytes) }
    session = Session(
      in: directory, historyName: historyName, mode: .batch, clock: clock, output: console.output,
      errors: console.errors)
  }

  var historyPath: String { session.historyPath.description }

  /// Runs `lines` as a batch that has all arrived; `tooLong`, `readFailure` and `whenDrained` as
  /// ``ArrayLineSource`` says.
  func run(
    _ lines: [String], options: BatchRunner.Options = .init(), tooLong: Set<Int> = [],
    readFailure: Int32? = nil, whenDrained: (() -> Void)? = nil
  ) -> BatchRunner.Result {
    BatchRunner(
      interpreter: Interpreter(session: session, registry: .shell),
      source: ArrayLineSource(
        lines, clock: clock, tooLong: tooLong, readFailure: readFailure, whenDrained: whenDrained),
      options: options, console: console
    ).run()
  }

  func reloadedHistory() throws -> [Measurement] { try historyOnDisk(at: historyPath) }

  /// Whether the history file exists now.
  var historyIsOnDisk: Bool { FileManager.default.fileExists(atPath: historyPath) }
}

@Suite struct BatchRunnerTests {
  @Test func errorsCarryTheirLineNumbersAndProcessingContinues() throws {
    let batch = Batch()
    let result = batch.run(["add 1", "", "# comment", "add x", "add 2"])
    #expect(result.anyFailed)
    #expect(batch.errors.text == "stormrange: line 4: 'x' is not a number of seconds; e.g. add 6.5\n")
    #expect(batch.output.text == "#1  0.34 km  (delay 1.00 s)\n#2  0.69 km  (delay 2.00 s)\n")
    #expect(try batch.reloadedHistory().map(\.delay) == [1, 2])
  }

  @Test func bailStopsAtTheFirstFailure() throws {
    let batch = Batch()
    let result = batch.run(["add 1", "bogus", "add 2"], options: .init(bail: true))
    #expect(result.anyFailed)
    #expect(
      batch.errors.text == "stormrange: line 2: unknown command 'bogus'; type 'help' for a list of commands\n"
    )
    #expect(try batch.reloadedHistory().map(\.delay) == [1])
  }

  @Test func echoPrintsEachLineBeforeItsResult() throws {
    let batch = Batch()
    _ = batch.run(["add 1", "show 1"], options: .init(echo: true))
    let lines = batch.output.text.split(separator: "\n", omittingEmptySubsequences: false)
    try #require(lines.count >= 4, "\(lines)")
    #expect(lines[0] == "add 1")
    #expect(lines[1] == "#1  0.34 km  (delay 1.00 s)")
    #expect(lines[2] == "show 1")
    #expect(lines[3].hasPrefix("#  date"))
  }

  @Test func groupedAddsAreSavedAtTheEndConfirmedInOrderAndAllSaved() throws {
    let batch = Batch()
    let lines = (1...500).map { "add \(Double($0) / 10)" }
    var savedBeforeTheCommit: Bool?
    let result = batch.run(lines) { savedBeforeTheCommit = batch.historyIsOnDisk }
    // One group: after the 500th line was applied nothing was on disk yet.
    #expect(savedBeforeTheCommit == false)
    #expect(!result.anyFailed)
    #expect(batch.errors.text.isEmpty)
    let confirmations = batch.output.text.split(separator: "\n")
    #expect(confirmations.count == 500)
    #expect(confirmations.first?.hasPrefix("#1  ") == true)
    #expect(confirmations.last?.hasPrefix("#500  ") == true)
    #expect(try batch.reloadedHistory().count == 500)
  }

  @Test func aBadLineInsideAGroupEndsItAndTheRestAreSaved() throws {
    let batch = Batch()
    var savedBeforeTheLastCommit: Bool?
    let result = batch.run(["add 1", "add 0", "add 2", "add three"]) {
      savedBeforeTheLastCommit = batch.historyIsOnDisk
    }
    // The bad line 2 ended the first group, which was saved before line 3 began the next.
    #expect(savedBeforeTheLastCommit == true)
    #expect(result.anyFailed)
    #expect(
      batch.errors.text == """
        stormrange: line 2: delay must be a positive number of seconds, not '0'
        stormrange: line 4: 'three' is not a number of seconds; e.g. add 6.5

        """)
    #expect(batch.output.text == "#1  0.34 km  (delay 1.00 s)\n#2  0.69 km  (delay 2.00 s)\n")
    #expect(try batch.reloadedHistory().map(\.delay) == [1, 2])
  }

  @Test func aGroupWhoseCommitFailsConfirmsNothingAndEachLineReportsItsOwnFailure() throws {
    let batch = Batch(historyName: "d/h.plist")
    try appendAsAnotherProcess(delay: 9, to: batch.historyPath)
    let saved = try #require(batch.directory.bytes("d/h.plist"))
    let folder = batch.directory.file("d")
    let result = batch.run(["add 1", "add 80", "add 2"]) {
      // The three adds were applied in memory (the second with a warning); before the commit, the
      // history's folder becomes a file, so neither the commit nor any save after it can succeed.
      rename(folder, batch.directory.file("moved"))
      try? batch.directory.write("d", "a file where the folder was")
    }
    #expect(result.anyFailed)
    // No confirmation and no warning of the group; each line retried alone, and refused alone.
    #expect(batch.output.text.isEmpty)
    let refusal =
      "could not save the history to \(batch.historyPath): \(folder) is not a directory; nothing was changed"
    #expect(
      batch.errors.text
        == "stormrange: line 1: \(refusal)\nstormrange: line 2: \(refusal)\nstormrange: line 3: \(refusal)\n")
    #expect(batch.session.undoSteps.isEmpty)
    // Nor did the numbers the discarded confirmations would have shown (#2 to #4) stay behind.
    #expect(
      batch.session.shownNumbers.refusal(deleting: 2, typed: "2", from: batch.session.history.entries)
        == .noSuchMeasurement(index: "2", count: 1))
    #expect(batch.session.history.map(\.delay) == [9])
    #expect(batch.directory.bytes("moved/h.plist") == saved)
  }

  @Test func afterAFailedCommitEachLineIsRetriedAndConfirmedOnItsOwn() throws {
    let batch = Batch(historyName: "d/h.plist")
    try appendAsAnotherProcess(delay: 9, to: batch.historyPath)
    let result = batch.run(["add 1", "add 2"]) {
      // The folder goes, with the history in it: the commit fails, but a save made afresh, which
      // creates the folder again, succeeds.
      try? FileManager.default.removeItem(atPath: batch.directory.file("d"))
    }
    #expect(!result.anyFailed)
    #expect(batch.errors.text.isEmpty)
    // The group's own confirmations (#2, #3) were dropped; each retry confirmed what it saved.
    #expect(batch.output.text == "#1  0.34 km  (delay 1.00 s)\n#2  0.69 km  (delay 2.00 s)\n")
    #expect(try batch.reloadedHistory().map(\.delay) == [1, 2])
    #expect(batch.session.undoSteps.count == 2)
  }

  @Test func quitStopsReading() throws {
    let batch = Batch()
    let result = batch.run(["add 1", "quit", "add 2"])
    #expect(!result.anyFailed)
    #expect(try batch.reloadedHistory().map(\.delay) == [1])
  }

  @Test func aClosedOutputEndsTheRunQuietly() throws {
    let batch = Batch()
    batch.output.answer = .closed
    let result = batch.run(["show", "add 1", "add 2"])
    #expect(result.outputFailure == .closed)
    #expect(!result.anyFailed)
    #expect(batch.output.writes == 1)
    #expect(batch.errors.text.isEmpty)
    #expect(!batch.historyIsOnDisk)
  }

  @Test func aFailingOutputEndsTheRunAndSaysSo() throws {
    let batch = Batch()
    batch.output.answer = .failed(ENOSPC)
    let result = batch.run(["show", "add 1", "add 2"])
    #expect(result.outputFailure == .failed(ENOSPC))
    #expect(result.anyFailed)
    #expect(batch.output.writes == 1)
    #expect(
      batch.errors.text
        == "stormrange: line 1: cannot write to standard output: No space left on device; "
        + "no further lines were run\n")
    #expect(!batch.historyIsOnDisk)
  }

  @Test func aFailingLineEndsItsGroupSoOutputKeepsTheInputOrder() throws {
    let batch = Batch()
    var transcript: [String] = []
    let console = Console { stream, bytes in
      transcript.append((stream == .output ? "out: " : "err: ") + String(decoding: bytes, as: UTF8.self))
      return .written
    }
    let session = Session(
      in: batch.directory, historyName: "ordered.plist", mode: .batch, clock: batch.clock,
      output: console.output,
      errors: console.errors)
    let result = BatchRunner(
      interpreter: Interpreter(session: session, registry: .shell),
      source: ArrayLineSource(["add 5", "add 80", "add -1", "add 7"], clock: batch.clock), options: .init(),
      console: console
    ).run()
    #expect(result.anyFailed)
    let lines = transcript.joined().split(separator: "\n").map { String($0.prefix(27)) }
    #expect(
      lines == [
        "out: #1  1.72 km  (delay 5.", "err: stormrange: line 2: wa", "out: #2  27.46 km  (delay 8",
        "err: stormrange: line 3: de", "out: #3  2.40 km  (delay 7.",
      ])
  }
}
