/// Everything that can go wrong in a command, each with a one-line message for a person: what went
/// wrong, the value or file involved, and what to do.
public enum StormrangeError: Error, Equatable, Sendable {
  /// An argument has the wrong form or value; the text says which and why.
  case invalidArgument(String)
  /// Too many or too few arguments for `command`.
  case usage(command: String, usage: String, problem: String)
  /// A command name nobody knows, with the closest known name when one is close.
  case unknownCommand(String, suggestion: String?)
  /// The history file exists but is not a history; it is left untouched.
  case unreadableHistory(path: String, problem: String)
  /// The history file cannot be opened at all (a parent is not a directory, no permission).
  case inaccessibleHistory(path: String, problem: String)
  /// Writing the history failed; nothing changed on disk or in memory.
  case saveFailed(path: String, problem: String)
  /// The settings file exists but cannot be used, or cannot be written.
  case settings(path: String, problem: String)
  /// `delete N` or `show N` named a measurement that is not there.
  case noSuchMeasurement(index: String, count: Int)
  /// `thunder` without a running stopwatch.
  case noFlash
  /// `undo` with nothing changed in this session.
  case nothingToUndo
  /// The line's bytes are not UTF-8 text.
  case invalidEncoding
  /// An interruption stopped the command before it changed anything.
  case interrupted

  public var message: String {
    switch self {
    case .invalidArgument(let text):
      return text
    case .usage(_, let usage, let problem):
      return "\(problem); usage: \(usage)"
    case .unknownCommand(let name, let suggestion):
      let shown = name.escapedForDisplay
      if let suggestion {
        return "unknown command '\(shown)'; did you mean '\(suggestion)'? (type 'help' for a list)"
      }
      return "unknown command '\(shown)'; type 'help' for a list of commands"
    case .unreadableHistory(let path, let problem):
      return
        "cannot read the history file \(path): \(problem); it was left as it is (fix it, or 'clear' to move it aside and start afresh)"
    case .inaccessibleHistory(let path, let problem):
      return
        "cannot open the history file \(path): \(problem); check the path and its permissions, or choose another with --file"
    case .saveFailed(let path, let problem):
      return "could not save the history to \(path): \(problem); nothing was changed"
    case .settings(let path, let problem):
      return "settings file \(path): \(problem)"
    case .noSuchMeasurement(let index, let count):
      let range = count == 0 ? "the history is empty" : "measurements are numbered 1 to \(count)"
      return "there is no measurement \(index.escapedForDisplay); \(range)"
    case .noFlash:
      return "no flash is being timed; type 'flash' when you see lightning, then 'thunder' when you hear it"
    case .nothingToUndo:
      return "nothing to undo: no change has been made in this session"
    case .invalidEncoding:
      return "the line is not valid UTF-8 text, so it was not run; save the input as UTF-8"
    case .interrupted:
      return "interrupted; nothing was changed"
    }
  }
}

extension StringProtocol {
  /// The text as it is safe to show inside an error message: control characters (ANSI escapes,
  /// NULs) spelled out as `\u{1B}`, and at most 60 characters, so hostile input can neither
  /// drive the terminal nor flood it.
  public var escapedForDisplay: String {
    var result = ""
    var count = 0
    for scalar in unicodeScalars {
      if count == 60 {
        result += "…"
        break
      }
      if scalar.properties.generalCategory == .control || scalar.value == 0xFFFD {
        result +=
          scalar.value == 0xFFFD ? "\\u{FFFD}" : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
      count += 1
    }
    return result
  }
}
