import StormrangeProcess
import StormrangeShell
import StormrangeStore

#if canImport(Glibc)
  import Glibc
#endif

/// The REPL at a terminal: reads lines with a ``LineEditor``, runs them with the interpreter, and
/// turns Ctrl-C into cancelling the stopwatch and Ctrl-D or `quit` into leaving.
final class InteractiveLoop {
  private let interpreter: Interpreter
  private let editor: LineEditor
  private let clock: SessionClock

  init(interpreter: Interpreter, historyPath: SystemPath, clock: SessionClock) {
    self.interpreter = interpreter
    self.clock = clock
    let session = interpreter.session
    editor = LineEditor(
      historyFile: CommandHistoryFile(path: historyPath), clock: clock,
      warn: { session.warn(StormrangeError.store($0).message) }
    ) { [interpreter] before, word in
      interpreter.completions(before: before, word: word)
    }
  }

  /// Runs until end of input, `quit` or a terminating signal; returns the exit status.
  func run(console: Console) -> Int32 {
    self.console = console
    let output = console.output
    output.write("\(Version.banner) Type 'help' for commands, Ctrl-D to leave.\n")
    output.write("Press Enter when you see lightning and again when you hear thunder.\n")
    editor.restoreHistory()
    let session = interpreter.session
    if let status = writeOut(console) { return status }
    while true {
      let input = editor.read(
        prompt: { self.interpreter.prompt(at: self.clock.now()) }, ticking: { session.flash != nil },
        remember: true)
      switch input {
      case .endOfInput:
        output.write("\n")
        return writeOut(console) ?? ExitStatus.success
      case .terminated(let number):
        return ExitStatus.endedBy(signal: number)
      case .interrupted:
        interpreter.cancelStopwatch()
        if let status = writeOut(console) { return status }
      case .line(let text, let arrival, let isValidUTF8):
        let (outcome, _) = interpreter.execute(InputLine(text, arrival: arrival, isValidUTF8: isValidUTF8))
        // Ctrl-C during the command: the terminal echoed `^C` where the cursor was; what the command
        // says next starts a line of its own.
        if Signals.pending == SIGINT { StandardStreams.writeError("\n") }
        if let status = writeOut(console) { return status }
        if outcome == .quit { return ExitStatus.success }
        // Ctrl-C during the command (waiting for the lock, output blocked) cancelled what was left of
        // it; SIGTERM or SIGHUP (which also end a `watch`, or came at a question) end the prompt too.
        let number = questionEndedBy ?? Signals.take()
        if number != 0, number != SIGINT { return ExitStatus.endedBy(signal: number) }
      }
    }
  }

  /// Writes out what the session has said; returns the status to end with if standard output failed.
  /// Output that Ctrl-C cut short (the terminal was not taking it) ends with a line end, waited
  /// for like the prompt after it, so that the prompt starts a line of its own.
  private func writeOut(_ console: Console) -> Int32? {
    let written = interpreter.session.writeOut(console)
    if written == .interrupted, Signals.pending == SIGINT {
      _ = Signals.take()
      _ = StandardStreams.write(Array("\n".utf8), to: 1)
    }
    return ExitStatus.afterWriting(written)
  }

  /// The session's output, written out before a question so that what led to it comes first.
  private var console: Console?

  /// SIGTERM or SIGHUP that came while a question waited for its answer: the command goes on as
  /// if the answer were no, then the session ends.
  private var questionEndedBy: Int32?

  /// Asks a yes/no question at a prompt of its own; Ctrl-C or Ctrl-D mean no, and so do SIGTERM and
  /// SIGHUP, which then end the session once the command is done.
  func confirm(_ question: String) -> Bool {
    console?.flush()
    let input = editor.read(prompt: { question }, remember: false)
    guard case .line(let answer, _, _) = input else {
      if case .terminated(let number) = input { questionEndedBy = number }
      StandardStreams.writeError("\n")
      return false
    }
    return ConfirmationAnswer.isYes(answer)
  }
}
