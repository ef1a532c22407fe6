import FoundationEssentials
import StormrangeBase
import StormrangeDomain
import StormrangeRendering
import StormrangeStore

#if canImport(Glibc)
  import Glibc
#endif

/// Everything that can go wrong in a command, each with a one-line message for a person: what went
/// wrong, the value or file involved, and what to do. The lower layers' errors arrive wrapped, and
/// are worded here.
package enum StormrangeError: Error, Equatable, Sendable {
  /// An argument has the wrong form or value; the text says which and why.
  case invalidArgument(String)
  /// Too many or too few arguments for `command`.
  case usage(command: String, usage: String, problem: String)
  /// A command name nobody knows, with the closest known name when one is close.
  case unknownCommand(String, suggestions: [String])
  /// A delay or note the domain's rules refuse.
  case measurement(MeasurementError)
  /// The history or settings file could not be read or written.
  case store(StoreError)
  /// `delete N` or `show N` named a measurement that is not there.
  case noSuchMeasurement(index: String, count: Int)
  /// `delete N` when N no longer stands for the measurement this session last showed as N.
  case renumbered(String)
  /// `thunder` without a running stopwatch.
  case noFlash
  /// `thunder` stamped at the same moment as its `flash`: both arrived in one read, so the delay
  /// between them is unknown.
  case flashAndThunderTogether
  /// The line of the flash, the thunder or both (`flashWaited`, `thunderWaited`) was already waiting
  /// while stormrange was busy, so the delay is known only to within `seconds`, more than
  /// ``Session/maximumTimingUncertainty``.
  case stopwatchUncertain(flashWaited: Bool, thunderWaited: Bool, seconds: Double)
  /// `undo` with nothing changed in this session.
  case nothingToUndo
  /// Every step `undo` still held was undone, and older ones were forgotten (``Session/undoDepth``).
  case nothingMoreToUndo(depth: Int)
  /// The line's bytes are not UTF-8 text.
  case invalidEncoding
  /// A one-shot command's arguments are not UTF-8 text, other than in a PATH (a file name is bytes).
  case argumentsNotUTF8
  /// The line was longer than ``InputLine/maximumLength`` and was dropped as it was read.
  case lineTooLong
  /// Standard input could not be read (errno `code`) after `linesRead` lines; the rest was not run.
  case inputFailed(code: Int32, linesRead: Int)
  /// `export` to `path` was refused, or failed; nothing, or not everything, was written.
  case export(path: String, problem: ExportFile.Problem)
  /// Standard output could not be written (errno `code`): a full disk, an I/O error. In a batch,
  /// `linesLeft` says that the lines after this one are not run. `saved` is what was saved but not
  /// confirmed, which the message names.
  case outputFailed(code: Int32, linesLeft: Bool = false, saved: [SavedChange] = [])
  /// A signal arrived while standard output was blocked, so the confirmations of `saved` were not
  /// printed.
  case outputBlocked(saved: [SavedChange])
  /// `mqtt` cannot go on with the broker: it refused the login, or the TLS settings do not work
  /// with it; the text says which and what to do.
  case broker(String)

  /// The message, with clock times in UTC; what a person reads goes through
  /// ``message(in:)`` with the session's zone (``Session/report(_:ofLine:)``).
  package var message: String { message(in: .utc) }

  /// The message, with the clock times it shows (only `add`'s refusal of thunder not heard yet)
  /// in `localTime`.
  package func message(in localTime: LocalTime) -> String {
    switch self {
    case .invalidArgument(let text):
      return text
    case .usage(_, let usage, let problem):
      return "\(problem); usage: \(usage)"
    case .unknownCommand(let name, let suggestions):
      let shown = name.escapedForDisplay
      if !suggestions.isEmpty {
        let choice = suggestions.map { "'\($0)'" }.listed("or")
        return "unknown command '\(shown)'; did you mean \(choice)? (type 'help' for a list)"
      }
      return "unknown command '\(shown)'; type 'help' for a list of commands"
    case .measurement(let error):
      return error.message(in: localTime)
    case .store(let error):
      return Self.message(for: error)
    case .noSuchMeasurement(let index, let count):
      let range = count == 0 ? "the history is empty" : "measurements are numbered 1 to \(count)"
      return "there is no measurement \(index.escapedForDisplay); \(range)"
    case .renumbered(let index):
      return "the history has changed since this session last showed measurement numbers, so "
        + "#\(index.escapedForDisplay) may not be the measurement you mean; nothing was deleted: "
        + "type 'show' to see the numbers now, and try again"
    case .noFlash:
      return "no flash is being timed; type 'flash' when you see lightning, then 'thunder' when you hear it"
    case .flashAndThunderTogether:
      return "the flash and the thunder arrived together, so the delay between them is unknown; "
        + Self.untimedAdvice
    case .stopwatchUncertain(let flashWaited, let thunderWaited, let seconds):
      let lines =
        switch (flashWaited, thunderWaited) {
        case (true, true): "the flash's and the thunder's lines were"
        case (true, false): "the flash's line was"
        case (false, _): "the thunder's line was"
        }
      return "\(lines) already waiting while stormrange was busy, so the delay between them is known only "
        + "to within \(FixedPoint.fixed(seconds, digits: 2)) s; " + Self.untimedAdvice
    case .nothingToUndo:
      return "nothing to undo: no change has been made in this session"
    case .nothingMoreToUndo(let depth):
      return "nothing more to undo: a session keeps its last \(depth) changes or more for undo, "
        + "and the older ones are forgotten"
    case .invalidEncoding:
      return "the line is not valid UTF-8 text, so it was not run; save the input as UTF-8"
    case .argumentsNotUTF8:
      return "the command is not valid UTF-8 text, so it was not run; only a file name (the PATH of "
        + "export or import, mqtt's --password-file and --cafile) may hold other bytes"
    case .export(let path, let problem):
      return Self.message(for: problem, exportingTo: path)
    case .lineTooLong:
      let limit = InputLine.maximumLength
      return
        "longer than \(limit >> 20) MiB (\(ByteCount.text(limit)), newline not counted); skipped"
    case .inputFailed(let code, let linesRead):
      let reason = String(cString: strerror(code))
      guard linesRead > 0 else {
        return
          "cannot read standard input: \(reason); nothing was run (give stormrange a file or a pipe of commands)"
      }
      return "cannot read standard input after line \(linesRead): \(reason); the lines after it were not run"
    case .outputFailed(let code, let linesLeft, let saved):
      let reason = String(cString: strerror(code))
      let text =
        saved.isEmpty
        ? "cannot write to standard output: \(reason)" : SavedChange.notConfirmed(saved, reason: reason)
      return linesLeft ? text + "; no further lines were run" : text
    case .outputBlocked(let saved):
      return SavedChange.notConfirmed(saved, reason: "standard output was blocked when a signal arrived")
    case .broker(let text):
      return text
    }
  }

  /// What the stopwatch's refusals of a delay that cannot be known end with.
  private static let untimedAdvice =
    "nothing was recorded (pipe 'flash' and 'thunder' lines as they happen, or give a delay you counted "
    + "with 'add SECONDS')"

  private static func message(for error: StoreError) -> String {
    switch error {
    case .unreadable(let path, let problem):
      return
        "cannot read the history file \(path): \(problem); it was left as it is (fix it, or 'clear' to move it aside and start afresh)"
    case .notARegularFile(let path, let problem):
      return "cannot use \(path) as the history file: \(problem); choose a file with --file"
    case .inaccessible(let path, let problem):
      return
        "cannot open the history file \(path): \(problem); check the path and its permissions, or choose another with --file"
    case .saveFailed(let path, let problem):
      return "could not save the history to \(path): \(problem); nothing was changed"
    case .hardLinked(let path, let links):
      return "could not save the history to \(path): "
        + hardLinkRefusal(
          of: path, links: links, by: "saving", keeping: "the old measurements", "nothing was changed")
    case .tooLarge(let path, let size, let limit):
      return
        "could not save the history to \(path): it would grow to \(ByteCount.text(size)), over the limit of \(ByteCount.text(limit)); nothing was changed (export it with 'export csv PATH', then 'clear', or start a new history with --file)"
    case .settings(let path, let problem):
      return "settings file \(path): \(problem)"
    case .cancelled(let lock):
      return
        "cancelled while waiting for another stormrange process to release the lock \(lock); nothing was changed"
    case .commandHistory(let path, let problem):
      return "command history \(path): \(problem); this session goes on without it"
    case .missing(let path):
      return "the history \(path) is missing (moved, or being replaced?), and a history missing for a moment "
        + "is not an empty one: nothing was saved, rather than start a new history in its place; put it back"
    }
  }
}

extension StormrangeError {
  private static func message(for problem: ExportFile.Problem, exportingTo path: String) -> String {
    let shown = path.escapedAsPath
    switch problem {
    case .keptFile(let kind):
      return "\(shown) is \(description(of: kind)); nothing was written; choose another path"
    case .hardLinked(let links):
      return "cannot export to \(shown): "
        + hardLinkRefusal(
          of: path, links: links, by: "exporting", keeping: "the old contents", "nothing was written")
    case .file(let error):
      return "cannot export to \(shown): \(error.message)"
    }
  }

  /// What each of the files stormrange keeps is, for the refusal to export onto it.
  private static func description(of kind: KeptFiles.Kind) -> String {
    switch kind {
    case .history: "the history file itself"
    case .historyLock: "stormrange's lock file for the history"
    case .clearedCopy: "the copy of the history that 'clear' kept"
    case .unreadableCopy: "the unreadable history that 'clear' moved aside"
    case .settings: "stormrange's settings file"
    case .settingsLock: "stormrange's lock file for the settings"
    case .commandHistory: "stormrange's command history (the lines typed at the prompt)"
    case .temporary: "a temporary file stormrange is writing or a crashed one left"
    case .defaultHistory: "stormrange's default history file (the one used without --file)"
    case .defaultHistoryLock: "stormrange's lock file for the default history (the one used without --file)"
    case .ownDescriptor: "one of stormrange's own descriptors, not a file the caller opened"
    }
  }

  /// Why a file with other names (hard links) is not replaced, and the two ways out, the same for the
  /// history and for exports: `by` what (`saving`) would leave the other names `keeping` what, and
  /// what `outcome` that had.
  private static func hardLinkRefusal(
    of path: String, links: Int, by action: String, keeping old: String, _ outcome: String
  ) -> String {
    let copy = (path + ".copy").shellQuotedPath
    return "the file has \(links) names (hard links), and \(action) would leave the others with \(old); "
      + "\(outcome) (keep one name and remove the others, or break the link: "
      + "cp \(path.shellQuotedPath) \(copy) && mv \(copy) \(path.shellQuotedPath))"
  }

  /// Runs `body`, turning the store's error into ``store(_:)``.
  static func wrapping<T>(_ body: () throws(StoreError) -> T) throws(StormrangeError) -> T {
    do { return try body() } catch { throw .store(error) }
  }

  /// Runs `body`, turning the domain's error into ``measurement(_:)``.
  static func wrapping<T>(_ body: () throws(MeasurementError) -> T) throws(StormrangeError) -> T {
    do { return try body() } catch { throw .measurement(error) }
  }
}
