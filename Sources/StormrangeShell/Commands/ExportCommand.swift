import StormrangeBase
import StormrangeExchange
import StormrangeRendering
import StormrangeStore

/// `export csv|json [PATH]`: the history in an exchange format, on standard output or in a file.
struct ExportCommand: Command {
  /// The paragraph of the help naming the fields, from the keys the formats write
  /// (``StormrangeExchange/ExchangeFormat/keys``), so that a field added there is named here.
  static let fields = WordWrap.lines(
    "Both have the fields \(ExchangeFormat.keys.listed("and")) (empty in CSV, null in JSON, when "
      + "there is none: a detector's reading has no delay, temperature or speed of sound); dates are "
      + "ISO 8601, UTC.",
    width: 72, indent: 0, repertoire: .unicode
  ).joined(separator: "\n")

  let name = "export"
  let summary = "write the measurements as CSV or JSON, to standard output or a file"
  let usage = "export csv|json [PATH]"
  var details: String {
    """
    csv   a header row, then one row per measurement (RFC 4180: CRLF line
          ends; fields with commas, quotes or line breaks in double quotes)
    json  an array with one object per measurement
    \(Self.fields)
    PATH  the file to write (the rest of the line; in single quotes as
          in the shell for blanks at either end). A regular file is
          replaced atomically, through links; a new one gets mode 0600, as
          it holds what the history holds. A FIFO, device or terminal is
          written into, as cp and tee do. Refused: a directory, a file with
          other names (hard links), stormrange's own files (the history,
          the default one too, the settings, their locks, copies and
          temporary files, the command history), and its own descriptors
          (/dev/fd/N is written into only when the caller opened N, as
          in 4>out.csv). Without PATH the export goes to standard output:
            stormrange export json > storms.json
    'import' reads these files back.
    """
  }
  let historyAccess = HistoryAccess.reads

  func completions(forArgument index: Int, after previous: [String]) -> [String] {
    index == 0 ? ExchangeFormat.allCases.map(\.rawValue) : []
  }

  func pathArgument(in arguments: CommandArguments) -> Int? { arguments.count > 1 ? 1 : nil }

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    guard !arguments.isEmpty else { throw usageError("missing the format, csv or json") }
    guard let format = ExchangeFormat(word: arguments[0]) else {
      throw .invalidArgument("unknown export format '\(arguments[0].escapedForDisplay)'; use csv or json")
    }
    let given = try arguments.path(
      from: 1, ifEmpty: "name the file to write, or leave PATH out to export to standard output")
    let text = format.encode(session.history)
    guard let path = given else {
      session.output.writeExactly(text)  // the exact copy, whatever the terminal's locale
      session.shownNumbers.showed(session.history.indices, of: session.history.entries)  // the index column
      return .proceed
    }
    do throws(ExportFile.Problem) {
      _ = try ExportFile.write(
        Array(text.utf8), to: path, sparing: session.keptFiles, stop: session.stopCheck)
    } catch {
      throw .export(path: path.description, problem: error)
    }
    session.shownNumbers.showed(session.history.indices, of: session.history.entries)  // the index column
    let count = session.history.count
    session.say(
      "exported \(count) measurement\(count == 1 ? "" : "s") to \(path.description.escapedAsPath) (\(format.rawValue.uppercased()))"
    )
    return .proceed
  }
}
