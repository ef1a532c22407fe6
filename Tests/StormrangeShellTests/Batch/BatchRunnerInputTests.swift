import Glibc
import StormrangeDomain
import Testing

@testable import StormrangeShell

/// How a batch ends and what it makes of input it cannot run: a line over the limit, a read that
/// failed, a flash whose thunder never came.
@Suite struct BatchRunnerInputTests {
  @Test func aLineOverTheLimitFailsWithItsNumberEvenInsideAGroup() throws {
    let batch = Batch()
    let result = batch.run(["add 1", "add 2", "add 3"], tooLong: [2])
    #expect(result.anyFailed)
    #expect(
      batch.errors.text
        == "stormrange: line 2: longer than 4 MiB (4,194,304 bytes, newline not counted); skipped\n")
    #expect(try batch.reloadedHistory().map(\.delay) == [1, 3])
  }

  @Test func aFailedReadIsReportedOnceForTheWholeBatchAfterItsLines() throws {
    let batch = Batch()
    let result = batch.run(["add 1", "# more"], readFailure: EIO)
    #expect(result.anyFailed)
    #expect(batch.output.text == "#1  0.34 km  (delay 1.00 s)\n")
    #expect(
      batch.errors.text
        == "stormrange: cannot read standard input after line 2: Input/output error; "
        + "the lines after it were not run\n")
  }

  @Test func anInputThatCannotBeReadAtAllRunsNothing() throws {
    let batch = Batch()
    let result = batch.run([], readFailure: EISDIR)
    #expect(result.anyFailed)
    #expect(
      batch.errors.text.hasPrefix("stormrange: cannot read standard input: Is a directory; nothing was run"))
  }

  @Test func aFlashLeftAtTheEndIsAWarningNotAFailure() throws {
    let batch = Batch()
    let result = batch.run(["add 1", "flash", "# the thunder never came"])
    #expect(!result.anyFailed)
    #expect(
      batch.errors.text
        == "stormrange: line 2: warning: the batch ended before this flash's thunder; nothing was recorded for it\n"
    )
  }

  @Test func quitWithAFlashTimedWarnsToo() throws {
    let batch = Batch()
    let result = batch.run(["flash", "quit", "thunder"])
    #expect(!result.anyFailed)
    #expect(batch.errors.text.hasPrefix("stormrange: line 1: warning: the batch ended before this flash's"))
  }
}
