@preconcurrency import CReadline
import StormrangeKit
import StormrangeStore

#if canImport(Glibc)
  import Glibc
#endif

/// The interactive prompt on GNU readline: line editing, a persistent command history (Ctrl-R),
/// completion, Ctrl-C to cancel the line (and a running stopwatch), Ctrl-D or `quit` to leave.
///
/// It uses readline's callback interface around `select(2)`, so that Ctrl-C can be handled between
/// keystrokes without longjmp, and the prompt can count seconds while a flash is being timed. This
/// is the only file that touches readline; its C callbacks reach Swift through the globals below.
final class ReadlineShell {
  private let interpreter: Interpreter
  private let historyPath: String
  private let clock: SessionClock
  static let historyLimit: Int32 = 1000

  init(interpreter: Interpreter, historyPath: String, clock: SessionClock) {
    self.interpreter = interpreter
    self.historyPath = historyPath
    self.clock = clock
  }

  /// What one read at the prompt produced.
  enum Input {
    case line(String, arrival: Moment, isValidUTF8: Bool)
    case interrupted
    case endOfInput
    case terminated(Int32)
  }

  func run(output: OutputBuffer, errors: OutputBuffer) -> Int32 {
    setUp()
    output.write(
      "stormrange 1.0.0: time thunder to find the storm. Type 'help' for commands, Ctrl-D to leave.\n")
    output.write("Press Enter when you see lightning and again when you hear thunder.\n")
    output.flush()
    while true {
      switch read(prompt: { self.interpreter.prompt(at: self.clock.now()) }, addToHistory: true) {
      case .endOfInput:
        output.write("\n")
        output.flush()
        return 0
      case .terminated(let number):
        return 128 + number
      case .interrupted:
        interpreter.cancelStopwatch()
        output.flush()
      case .line(let text, let arrival, let isValidUTF8):
        let (outcome, _) = interpreter.execute(InputLine(text, arrival: arrival, isValidUTF8: isValidUTF8))
        errors.flush()
        output.flush()
        if outcome == .quit { return 0 }
      }
    }
  }

  /// Asks a yes/no question at a prompt of its own; Ctrl-C or Ctrl-D mean no.
  func confirm(_ question: String) -> Bool {
    guard case .line(let answer, _, _) = read(prompt: { question }, addToHistory: false) else {
      StandardStreams.writeError("\n")
      return false
    }
    let word = answer.trimmingBlanks.lowercased()
    return word == "y" || word == "yes"
  }

  private func setUp() {
    rl_readline_name = UnsafePointer(strdup("stormrange"))
    // Readline's own signal handlers would longjmp-free the line; we handle SIGINT ourselves.
    rl_catch_signals = 0
    rl_attempted_completion_function = { text, start, end in
      rl_attempted_completion_over = 1  // no file-name completion
      guard let buffer = rl_line_buffer else { return nil }
      let line = String(cString: buffer)
      let bytes = Array(line.utf8)
      let before = String(decoding: bytes.prefix(Int(start)), as: UTF8.self)
      let word = String(decoding: bytes[Int(start)..<min(bytes.count, Int(end))], as: UTF8.self)
      completionCandidates = completionProvider?(before, word) ?? []
      completionNext = 0
      return rl_completion_matches(text) { _, state in
        if state == 0 { completionNext = 0 }
        guard completionNext < completionCandidates.count else { return nil }
        defer { completionNext += 1 }
        return strdup(completionCandidates[completionNext])
      }
    }
    completionProvider = { [interpreter] before, word in interpreter.completions(before: before, word: word) }
    using_history()
    stifle_history(Self.historyLimit)
    prepareHistoryFile()
    read_history(historyPath)
  }

  /// Creates the history file's directories (0700) and the file (0600): it holds notes people typed.
  /// Best effort: without them readline simply keeps no history.
  private func prepareHistoryFile() {
    try? DurableFile.createParentDirectories(of: historyPath)
    let descriptor = open(historyPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { return }  // it exists already: its mode is the user's
    fchmod(descriptor, 0o600)  // the umask may have narrowed it (0277 would leave it unwritable)
    close(descriptor)
  }

  private func remember(_ line: String) {
    guard !line.trimmingBlanks.isEmpty else { return }
    add_history(line)
    append_history(1, historyPath)
    history_truncate_file(historyPath, Self.historyLimit)
  }

  /// Reads one line with readline's callback interface. `prompt` is asked again every 200 ms while a
  /// flash is being timed, so the elapsed seconds tick.
  private func read(prompt: @escaping () -> String, addToHistory: Bool) -> Input {
    var shownPrompt = prompt()
    acceptedLine = nil
    lineFinished = false
    rl_callback_handler_install(shownPrompt) { line in
      lineFinished = true
      if let line {
        acceptedLine = String(validatingCString: line)
        acceptedLineIsValid = acceptedLine != nil
        if acceptedLine == nil { acceptedLine = String(cString: line) }
        free(line)
      } else {
        acceptedLine = nil
      }
      // Leave callback mode now, so the command runs with the terminal in its normal state.
      rl_callback_handler_remove()
    }
    defer { if !lineFinished { rl_callback_handler_remove() } }
    while !lineFinished {
      var readable = fd_set()
      fdZero(&readable)
      fdSet(0, &readable)
      var tick = timeval(tv_sec: 0, tv_usec: 200_000)
      let ticking = interpreter.session.flash != nil
      let ready = ticking ? select(1, &readable, nil, nil, &tick) : select(1, &readable, nil, nil, nil)
      if ready < 0 {
        guard errno == EINTR else { return .endOfInput }
        let number = Signals.take()
        if number == SIGINT {
          rl_free_line_state()
          rl_replace_line("", 0)
          rl_crlf()
          return .interrupted
        }
        if number != 0 {
          rl_crlf()
          return .terminated(number)
        }
        continue
      }
      if ready == 0 {
        let updated = prompt()
        if updated != shownPrompt {
          shownPrompt = updated
          rl_set_prompt(updated)
          rl_redisplay()
        }
        continue
      }
      let arrival = clock.now()
      rl_callback_read_char()
      if lineFinished {
        guard let line = acceptedLine else { return .endOfInput }
        if addToHistory { remember(line) }
        return .line(line, arrival: arrival, isValidUTF8: acceptedLineIsValid)
      }
    }
    return .endOfInput
  }
}

// MARK: - State shared with readline's C callbacks (which cannot capture context).

nonisolated(unsafe) private var acceptedLine: String?
nonisolated(unsafe) private var acceptedLineIsValid = true
nonisolated(unsafe) private var lineFinished = false
nonisolated(unsafe) private var completionProvider: ((String, String) -> [String])?
nonisolated(unsafe) private var completionCandidates: [String] = []
nonisolated(unsafe) private var completionNext = 0

private func fdZero(_ set: inout fd_set) {
  set = fd_set()
}

private func fdSet(_ descriptor: Int32, _ set: inout fd_set) {
  withUnsafeMutableBytes(of: &set) { raw in
    let words = raw.bindMemory(to: Int.self)
    let bits = Int.bitWidth
    words[Int(descriptor) / bits] |= 1 << (Int(descriptor) % bits)
  }
}

extension String {
  var trimmingBlanks: String {
    String(
      drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
  }
}
