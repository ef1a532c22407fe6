import StormrangeShell

/// The process's exit statuses, and how each way of running comes to one (docs/reference.md,
/// "Flags and modes"): 0 when all went well, 1 when a command failed or standard output could not be
/// written, 2 for bad flags, 141 when standard output's reader went away, 128 + N when signal N
/// ended the run, and for one command the status it asked for (`status --exit-code`).
package enum ExitStatus {
  package static let success: Int32 = 0
  package static let failure: Int32 = 1
  /// Bad flags; argument-parser's own is 64.
  package static let badFlags: Int32 = 2
  /// As if killed by SIGPIPE, but only ever after a whole command.
  static let closedPipe: Int32 = 141

  /// A run ended by signal `number`, as shells report a process it killed.
  package static func endedBy(signal number: Int32) -> Int32 { 128 + number }

  /// Once the console was written out (see ``StormrangeShell/Session/writeOut(_:linesLeft:)``): the
  /// status to end with when standard output failed; nil when it was written, or given up for a
  /// signal (the caller ends as that signal says).
  package static func afterWriting(_ written: Console.WriteResult) -> Int32? {
    switch written {
    case .written, .interrupted: nil
    case .closed: closedPipe
    case .failed: failure
    }
  }

  /// One command from the arguments, which ended with `outcome` (`failed`: with an error), whose
  /// output was `written`, while `signal` arrived (0: none). Standard output failing comes first;
  /// then a signal (Ctrl-C at a question, a signal while waiting for the lock or while output was
  /// blocked; a `watch` that a signal ended has taken it); then the status the command asked for.
  package static func ofOneShot(
    _ outcome: Outcome, failed: Bool, written: Console.WriteResult, signal: Int32
  ) -> Int32 {
    if let status = afterWriting(written) { return status }
    if signal != 0 { return endedBy(signal: signal) }
    if case .exitStatus(let status) = outcome, !failed { return status }
    return failed ? failure : success
  }

  /// A batch that ended with `result`, with `signal` pending (0: none): a signal that stopped it
  /// first, then standard output's failure (a write that failed is reported on standard error by
  /// the runner), then whether any line failed.
  package static func ofBatch(_ result: BatchRunner.Result, signal: Int32) -> Int32 {
    if result.stopped, signal != 0 { return endedBy(signal: signal) }
    switch result.outputFailure {
    case .closed?: return closedPipe
    case .failed?: return failure
    default: return result.anyFailed ? failure : success
    }
  }
}
