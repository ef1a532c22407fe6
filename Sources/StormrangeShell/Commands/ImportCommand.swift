import StormrangeBase
import StormrangeDomain
import StormrangeExchange
import StormrangeStore

/// `import [--skip-invalid] PATH`: adds the measurements of a CSV, JSON or property-list file — all
/// of them or none, or with `--skip-invalid` the valid ones.
struct ImportCommand: Command {
  let name = "import"
  let summary = "add measurements from a CSV, JSON or property-list file: all or none"
  let usage = "import [--skip-invalid] PATH"
  var details: String {
    """
    PATH  a file as 'export' writes it (CSV or JSON), or a property list in
          the history format, XML or binary; the format is recognised from
          the content. PATH is the rest of the line (in single quotes
          as in the shell for blanks at either end).
    CSV needs a header row. Only \(ExchangeFormat.key(.date)) (ISO 8601 with an offset or Z) and
    \(ExchangeFormat.key(.delay)) are required: a missing \(ExchangeFormat.key(.temperature)) is the current 'set
    temperature', missing \(ExchangeFormat.key(.speedOfSound)) and \(ExchangeFormat.key(.distance)) are computed;
    \(ExchangeFormat.indexKey) is ignored. Every row is checked as 'add' checks a delay and a note;
    a property list's entries are checked as loading the history checks them.
    If any row is invalid, nothing is imported and each bad row is reported:
    CSV by line number, JSON by array index (from 0), property lists by entry
    (from 1). Rows already in the history (every value the same) are skipped,
    so importing a file twice adds it once; the others are appended in file
    order. 'undo' removes the whole import.
    --skip-invalid  import the valid rows and report the others as warnings;
          it fails only when no row is valid. This recovers a history file
          that 'clear' moved aside because it held entries stormrange refuses:
            import --skip-invalid SavedHistory.plist.unreadable-20260701T160300Z
    """
  }
  let historyAccess = HistoryAccess.changes

  /// The option that imports the valid rows of a file that has invalid ones.
  static let skipInvalid = "--skip-invalid"

  /// Bad rows reported one by one; beyond this only their number.
  static let reportedProblems = 20

  func completions(forArgument index: Int, after previous: [String]) -> [String] {
    index == 0 ? [Self.skipInvalid] : []
  }

  func pathArgument(in arguments: CommandArguments) -> Int? {
    let first = Self.skipsInvalid(arguments) ? 1 : 0
    return arguments.count > first ? first : nil
  }

  /// Whether `arguments` start with ``skipInvalid``.
  private static func skipsInvalid(_ arguments: CommandArguments) -> Bool {
    !arguments.isEmpty && arguments[0] == skipInvalid
  }

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    let skipsInvalid = Self.skipsInvalid(arguments)
    guard let path = try arguments.path(from: skipsInvalid ? 1 : 0, ifEmpty: "name the file to import") else {
      throw usageError("missing PATH")
    }
    let shown = path.description.escapedAsPath
    let file: (bytes: [UInt8], identity: FileIdentity)?
    do throws(FileProblem) {
      file = try DurableFile.read(path: path, limit: session.history.readLimit)
    } catch {
      throw .invalidArgument("cannot import \(shown): \(error.message)")
    }
    guard let bytes = file?.bytes else {
      throw .invalidArgument("cannot import \(shown): there is no such file")
    }
    let settings = session.currentSettings
    let parsed: MeasurementImport
    do throws(ExchangeError) {
      parsed = try MeasurementImport(
        bytes: bytes, now: session.currentLine.arrival.wall, defaultTemperature: settings.temperature)
    } catch {
      throw .invalidArgument("cannot import \(shown): \(error.message); nothing was imported")
    }
    let count = parsed.problems.count
    if count > 0, skipsInvalid, !parsed.measurements.isEmpty {
      reportProblems(parsed.problems, in: shown) { session.warn($0) }
    } else if count > 0 {
      reportProblems(parsed.problems, in: shown) { session.report(.invalidArgument($0)) }
      let rows = "\(count) of \(parsed.rowCount) rows in \(shown) \(count == 1 ? "is" : "are") invalid"
      throw .invalidArgument(
        skipsInvalid
          ? "nothing was imported: \(rows), so there is nothing valid to import"
          : "nothing was imported: \(rows); fix \(count == 1 ? "it" : "them") and import again, "
            + "or '\(name) \(Self.skipInvalid)' to import only the valid ones")
    }
    guard !parsed.measurements.isEmpty else {
      session.say("nothing to import: \(shown) holds no measurements")
      return .proceed
    }
    // One change: duplicates are decided under the history's lock, against what is on disk now.
    let added = try session.changeHistory { entries -> [HistoryEntry] in
      var existing = MeasurementKey.counts(entries.lazy.map(\.measurement))
      var added: [HistoryEntry] = []
      for measurement in parsed.measurements {
        let key = MeasurementKey(measurement.measurement)
        if let count = existing[key], count > 0 {
          existing[key] = count - 1
        } else {
          added.append(measurement)
        }
      }
      entries.append(contentsOf: added)
      return added
    }
    let skipped = parsed.measurements.count - added.count
    let source = parsed.source.rawValue
    if !parsed.warnings.isEmpty {
      let rows = parsed.warnings.prefix(5).joined(separator: ", ") + (parsed.warnings.count > 5 ? ", …" : "")
      session.warn(
        "\(parsed.warnings.count) imported delay\(parsed.warnings.count == 1 ? " is" : "s are") over "
          + "\(Int(MeasurementRules.warningDelay)) s (\(rows)): \(MeasurementRules.thunderRangeText)")
    }
    guard !added.isEmpty else {
      session.say(
        skipped == 1
          ? "nothing new: the measurement in \(shown) is already in the history"
          : "nothing new: all \(skipped) measurements in \(shown) are already in the history")
      return .proceed
    }
    session.remember(.removeImported(added))
    session.saved(.imported(first: session.history.count - added.count + 1, count: added.count))
    var message =
      "imported \(added.count) measurement\(added.count == 1 ? "" : "s") from \(shown) (\(source))"
    if skipped > 0 { message += "; skipped \(skipped) already in the history" }
    if count > 0 { message += "; skipped \(count) invalid row\(count == 1 ? "" : "s")" }
    if session.canUndoLater { message += " ('undo' removes \(added.count == 1 ? "it" : "them"))" }
    session.say(message)
    return .proceed
  }

  /// One line per bad row, at most ``reportedProblems``, then how many more.
  private func reportProblems(
    _ problems: [MeasurementImport.Problem], in shown: String, _ write: (String) -> Void
  ) {
    for problem in problems.prefix(Self.reportedProblems) { write("\(shown): \(problem.description)") }
    if problems.count > Self.reportedProblems {
      write("\(shown): \(problems.count - Self.reportedProblems) more invalid rows")
    }
  }
}
