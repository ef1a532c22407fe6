import Glibc
import StormrangeDomain
import Testing


/// When standard output fails after a change was saved, the error names what was saved (issue 17,
/// item 10), and a signal that cuts off blocked output ends a batch without losing that either.
@Suite struct SessionConfirmationsTests {
  @Test func aGroupOfAddsIntoAFailingOutputNamesTheRangeItSaved() throws {
    let batch = Batch()
    batch.output.answer = .failed(ENOSPC)
    let result = batch.run(["add 1", "add 2", "add 3", "show"])
    #expect(result.outputFailure == .failed(ENOSPC))
    #expect(result.anyFailed)
    #expect(
      batch.errors.text
        == "stormrange: line 3: #1–#3 saved, but their confirmations could not be printed: "
        + "No space left on device; no further lines were run\n")
    #expect(try batch.reloadedHistory().map(\.delay) == [1, 2, 3])
  }

  @Test func aLaterFailureNamesOnlyWhatWasSavedSinceTheLastWrite() throws {
    let batch = Batch()
    #expect(!batch.run(["add 1"]).anyFailed)
    batch.output.answer = .failed(EIO)
    _ = batch.run(["delete 1"])
    #expect(
      batch.errors.text
        == "stormrange: line 1: #1 deleted, but its confirmation could not be printed: "
        + "Input/output error; no further lines were run\n")
  }

  @Test func outputBlockedWhenASignalArrivedEndsTheBatchAndNamesWhatWasSaved() throws {
    let batch = Batch()
    batch.output.answer = .interrupted
    let result = batch.run(["add 1", "show", "add 2"])
    #expect(result.stopped)
    #expect(result.outputFailure == nil)
    #expect(!result.anyFailed)
    #expect(
      batch.errors.text
        == "stormrange: line 1: #1 saved, but its confirmation could not be printed: "
        + "standard output was blocked when a signal arrived\n")
    #expect(try batch.reloadedHistory().map(\.delay) == [1])
  }

  @Test func outputBlockedWithNothingSavedSaysNothing() throws {
    let batch = Batch()
    #expect(!batch.run(["add 1"]).anyFailed)
    batch.output.answer = .interrupted
    let result = batch.run(["show", "add 2"])
    #expect(result.stopped)
    #expect(batch.errors.text.isEmpty)
    #expect(try batch.reloadedHistory().map(\.delay) == [1])
  }

  @Test func aReaderThatWentAwayStaysQuietEvenAfterASave() throws {
    let batch = Batch()
    batch.output.answer = .closed
    let result = batch.run(["add 1", "add 2"])
    #expect(result.outputFailure == .closed)
    #expect(batch.errors.text.isEmpty)
    #expect(try batch.reloadedHistory().map(\.delay) == [1, 2])
  }

  @Test func theWordsForEachKindOfChange() {
    func line(_ changes: [SavedChange]) -> String { SavedChange.notConfirmed(changes, reason: "R") }
    #expect(line([.added(index: 7)]) == "#7 saved, but its confirmation could not be printed: R")
    #expect(
      line([.added(index: 8), .added(index: 7), .added(index: 9)])
        == "#7–#9 saved, but their confirmations could not be printed: R")
    #expect(
      line([.added(index: 3), .added(index: 5)])
        == "#3, #5 saved, but their confirmations could not be printed: R")
    #expect(
      line((1...6).map { .added(index: $0 * 2) })
        == "6 measurements saved (between #2 and #12), but their confirmations could not be printed: R")
    #expect(line([.deleted(index: 3)]) == "#3 deleted, but its confirmation could not be printed: R")
    #expect(
      line([.cleared(count: 1, copy: "/h.cleared-1")])
        == "1 measurement deleted (a copy is in /h.cleared-1), but the confirmation could not be printed: R")
    #expect(
      line([.movedAside(to: "/h.unreadable-1")])
        == "the unreadable history file moved to /h.unreadable-1, but the confirmation could not be printed: R"
    )
    #expect(
      line([.imported(first: 4, count: 2)])
        == "2 measurements imported (#4–#5), but the confirmation could not be printed: R")
    #expect(
      line([.imported(first: 4, count: 1)])
        == "1 measurement imported (#4), but the confirmation could not be printed: R")
    #expect(
      line([.undone("undid the add of 2.06 km")])
        == "undo saved (undid the add of 2.06 km), but the confirmation could not be printed: R")
    #expect(
      line([.setting(name: "unit", value: "mi")])
        == "unit mi saved, but the confirmation could not be printed: R")
  }
}

/// The console's part: output given up for a signal is not a lasting failure.
@Suite struct ConsoleInterruptionTests {
  @Test func anInterruptedFlushDropsTheRestOfItsOutputButNotLaterOutput() {
    var answers: [Console.WriteResult] = [.interrupted]
    var written: [String] = []
    let console = Console { stream, bytes in
      let answer = stream == .output && !answers.isEmpty ? answers.removeFirst() : .written
      if answer == .written { written.append(String(decoding: bytes, as: UTF8.self)) }
      return answer
    }
    console.output.write("cut off\n")
    console.errors.write("an error\n")
    console.output.write("dropped\n")
    #expect(!console.flush())
    #expect(console.wasInterrupted)
    #expect(console.outputFailure == nil)
    #expect(written == ["an error\n"])
    console.output.write("later\n")
    #expect(console.flush())
    #expect(!console.wasInterrupted)
    #expect(written == ["an error\n", "later\n"])
  }
}

@testable import StormrangeShell