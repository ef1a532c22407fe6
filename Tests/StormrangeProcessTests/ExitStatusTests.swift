import Glibc
import Testing

@testable import StormrangeProcess
@testable import StormrangeShell

@Suite struct ExitStatusTests {
  @Test func aSignalEndsWith128AndItsNumber() {
    #expect(ExitStatus.endedBy(signal: SIGINT) == 130)
    #expect(ExitStatus.endedBy(signal: SIGTERM) == 143)
    #expect(ExitStatus.closedPipe == ExitStatus.endedBy(signal: SIGPIPE))
  }

  @Test func onlyAFailedStandardOutputEndsTheRunAfterWriting() {
    #expect(ExitStatus.afterWriting(.written) == nil)
    #expect(ExitStatus.afterWriting(.interrupted) == nil)
    #expect(ExitStatus.afterWriting(.closed) == 141)
    #expect(ExitStatus.afterWriting(.failed(ENOSPC)) == 1)
  }

  @Test func oneCommandEndsWithItsOwnStatusWhenNothingElseWentWrong() {
    func status(
      _ outcome: Outcome, failed: Bool = false, written: Console.WriteResult = .written, signal: Int32 = 0
    )
      -> Int32
    {
      ExitStatus.ofOneShot(outcome, failed: failed, written: written, signal: signal)
    }
    #expect(status(.proceed) == 0)
    #expect(status(.proceed, failed: true) == 1)
    #expect(status(.exitStatus(3)) == 3)
    #expect(status(.exitStatus(3), failed: true) == 1)
    // A signal while waiting for the lock or at a question wins over the command's status...
    #expect(status(.exitStatus(3), signal: SIGINT) == 130)
    #expect(status(.proceed, failed: true, written: .interrupted, signal: SIGTERM) == 143)
    // ...and standard output's failure over the signal.
    #expect(status(.proceed, written: .closed, signal: SIGINT) == 141)
    #expect(status(.exitStatus(0), written: .failed(EIO)) == 1)
  }

  @Test func aBatchEndsWithTheSignalThatStoppedItThenItsOutputThenItsLines() {
    func result(anyFailed: Bool = false, output: Console.WriteResult? = nil, stopped: Bool = false)
      -> BatchRunner.Result
    {
      BatchRunner.Result(anyFailed: anyFailed, outputFailure: output, stopped: stopped)
    }
    #expect(ExitStatus.ofBatch(result(), signal: 0) == 0)
    #expect(ExitStatus.ofBatch(result(anyFailed: true), signal: 0) == 1)
    #expect(ExitStatus.ofBatch(result(output: .closed), signal: 0) == 141)
    #expect(ExitStatus.ofBatch(result(anyFailed: false, output: .failed(ENOSPC)), signal: 0) == 1)
    #expect(
      ExitStatus.ofBatch(result(anyFailed: true, output: .closed, stopped: true), signal: SIGHUP) == 129)
    // A signal that arrived after the batch ran to its end does not change how it ended.
    #expect(ExitStatus.ofBatch(result(), signal: SIGINT) == 0)
  }
}
