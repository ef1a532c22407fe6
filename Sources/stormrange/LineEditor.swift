@preconcurrency import CReadline
import StormrangeBase
import StormrangeRendering
import StormrangeShell
import StormrangeStore

#if canImport(Glibc)
  import Glibc
#endif

/// Line editing on GNU readline, knowing nothing of commands: a prompt, a persistent history of the
/// lines typed (Up, Ctrl-R; kept in a ``CommandHistoryFile``), a completion callback, and Ctrl-C to
/// abandon the line.
///
/// It uses readline's callback interface around `select(2)`, so that Ctrl-C can be handled between
/// keystrokes without longjmp, and the prompt can be redrawn while the user is idle (the stopwatch
/// counts seconds in it). This is the only file that touches readline; its C callbacks reach Swift
/// through the globals below.
final class LineEditor {
  /// What one read produced.
  enum Input {
    case line(String, arrival: Moment, isValidUTF8: Bool)
    /// Ctrl-C: the line was abandoned.
    case interrupted
    /// Ctrl-D on an empty line, or input closed.
    case endOfInput
    /// SIGTERM or SIGHUP arrived while waiting.
    case terminated(Int32)
  }

  /// The file the lines typed are kept in; nil once it turned out unusable (the session goes on
  /// without it, having warned once).
  private var historyFile: CommandHistoryFile?
  private let clock: SessionClock
  /// Says why the history file is not used.
  private let warn: (StoreError) -> Void

  /// `complete(before, word)` lists candidates for `word`, the word being typed after `before`.
  init(
    historyFile: CommandHistoryFile, clock: SessionClock, warn: @escaping (StoreError) -> Void,
    complete: @escaping (String, String) -> [String]
  ) {
    self.historyFile = historyFile
    self.clock = clock
    self.warn = warn
    completionProvider = complete
    rl_readline_name = UnsafePointer(strdup("stormrange"))
    // Readline's own signal handlers would longjmp-free the line; we handle SIGINT ourselves.
    rl_catch_signals = 0
    rl_attempted_completion_function = { text, start, end in
      rl_attempted_completion_over = 1  // no file-name completion
      guard let buffer = rl_line_buffer else { return nil }
      let bytes = Array(String(cString: buffer).utf8)
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
    using_history()
    stifle_history(Int32(historyFile.limit))
  }

  /// Gives readline the lines kept from earlier sessions (Up, Ctrl-R); warns, and goes on without
  /// the file, when it cannot be used. Not readline's `read_history`, which follows a link at the
  /// path and waits for a writer when it is a FIFO.
  func restoreHistory() {
    guard let file = historyFile else { return }
    do {
      for entry in try file.load() { Self.addToReadline(entry) }
    } catch {
      abandonHistoryFile(error)
    }
  }

  /// Reads one line. `prompt` is asked again every 200 ms while `ticking()` is true, so a prompt
  /// that shows elapsed time stays current. Lines read with `remember` go into the history file.
  func read(prompt: @escaping () -> String, ticking: () -> Bool = { false }, remember: Bool) -> Input {
    var shownPrompt = prompt()
    acceptedLine = nil
    lineFinished = false
    rl_callback_handler_install(Self.forReadline(shownPrompt)) { line in
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
      // Beside the signals' wake pipe (``Signals/stopCheck``): a signal that lands after the prompt
      // is shown but before the wait begins must still end it, or Ctrl-C pressed at once is lost.
      switch Signals.stopCheck.wait(for: 0, events: Int16(POLLIN), timeout: ticking() ? 200 : -1) {
      case .stopped:
        let number = Signals.take()
        if number == SIGINT {
          rl_free_line_state()
          rl_replace_line("", 0)
          rl_crlf()
          return .interrupted
        }
        rl_crlf()
        return .terminated(number)
      case .timedOut:
        let updated = prompt()
        if updated != shownPrompt {
          shownPrompt = updated
          rl_set_prompt(Self.forReadline(updated))
          rl_redisplay()
        }
        continue
      case .ready:
        break
      }
      let arrival = clock.now()
      rl_callback_read_char()
      if lineFinished {
        guard let line = acceptedLine else { return .endOfInput }
        if remember { addToHistory(line) }
        return .line(line, arrival: arrival, isValidUTF8: acceptedLineIsValid)
      }
    }
    return .endOfInput
  }

  /// `prompt` with its colour escapes between readline's markers for text that takes no column
  /// (RL_PROMPT_START_IGNORE, RL_PROMPT_END_IGNORE), so that it counts the prompt's width right when
  /// it moves the cursor over a long line.
  static func forReadline(_ prompt: String) -> String {
    Palette.markingEscapes(
      in: prompt, start: Character(Unicode.Scalar(UInt8(stormrange_prompt_start_ignore))),
      end: Character(Unicode.Scalar(UInt8(stormrange_prompt_end_ignore))))
  }

  /// Adds `line` to readline's history and saves it in the file, as an entry the file can hold (so
  /// that this session recalls what later ones will). Not readline's `append_history` and
  /// `history_truncate_file`, which write through a link at the path.
  private func addToHistory(_ line: String) {
    guard !line.trimmingBlanks.isEmpty else { return }
    let entry = CommandHistoryFormat.entry(line)
    Self.addToReadline(entry)
    do {
      try historyFile?.append(entry)
    } catch {
      abandonHistoryFile(error)
    }
  }

  private func abandonHistoryFile(_ error: StoreError) {
    historyFile = nil
    warn(error)
  }

  private static func addToReadline(_ entry: [UInt8]) {
    (entry + [0]).withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { add_history($0.baseAddress) }
    }
  }
}

// MARK: - State shared with readline's C callbacks (which cannot capture context).

nonisolated(unsafe) private var acceptedLine: String?
nonisolated(unsafe) private var acceptedLineIsValid = true
nonisolated(unsafe) private var lineFinished = false
nonisolated(unsafe) private var completionProvider: ((String, String) -> [String])?
nonisolated(unsafe) private var completionCandidates: [String] = []
nonisolated(unsafe) private var completionNext = 0
