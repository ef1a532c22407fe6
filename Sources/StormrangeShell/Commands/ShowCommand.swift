import StormrangeBase
import StormrangeDomain
import StormrangeExchange
import StormrangeRendering
import StormrangeStore

/// `show [N]`: the measurements, oldest first.
struct ShowCommand: Command {
  let name = "show"
  let summary = "list the measurements, or the last N"
  let usage = "show [N] [--json]"
  var details: String {
    """
    N       only the last N added
    --json  an array of the same objects as 'export json' (index is the
            measurement's number), in the same order; [] when there are none
    """
  }
  let historyAccess = HistoryAccess.reads

  func completions(forArgument index: Int, after previous: [String]) -> [String] {
    previous.contains("--json") ? [] : ["--json"]
  }

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    let (limit, json) = try Self.options(arguments, command: self)
    let history = session.history
    if json {
      let first = limit.map { max(0, history.count - $0) } ?? 0
      session.output.writeExactly(ExchangeFormat.json.encode(history[first...], numberedFrom: first + 1))
      session.shownNumbers.showed(first..<history.count, of: history.entries)
      return .proceed
    }
    guard !history.isEmpty else {
      session.say("no measurements yet: type 'flash' when you see lightning, or 'add SECONDS'")
      return .proceed
    }
    let unit = session.currentSettings.unit
    let first = limit.map { max(0, history.count - $0) } ?? 0
    let indexWidth = max(1, String(history.count).count)
    // The bearing and source columns appear only when a listed measurement has one (one pass).
    var bearings = false
    var longestSource: Int?
    for index in first..<history.count {
      let measurement = history[index]
      if measurement.bearing != nil { bearings = true }
      if let source = measurement.source { longestSource = max(longestSource ?? 6, source.name.utf8.count) }
    }
    let sourceWidth = longestSource
    var heading =
      Self.rightAligned("#", in: indexWidth) + "  date               " + "  " + Self.rightAligned("delay", in: 8)
      + "  " + Self.rightAligned("distance", in: 10)
    if bearings { heading += "  bearing" }
    if let sourceWidth { heading += "  " + "source".padding(toLength: sourceWidth) }
    heading += "  note"
    // The rows are written as bytes: a string for each field cost half of printing 100k rows.
    var text = Array((session.palette.paint(heading, as: .heading) + "\n").utf8)
    text.reserveCapacity((history.count - first + 1) * 72)
    let space = UInt8(ascii: " ")
    for index in first..<history.count {
      let measurement = history[index]
      Self.rightAligned(in: indexWidth, &text) { $0.append(contentsOf: String(index + 1).utf8) }
      text.append(contentsOf: "  ".utf8)
      session.localTime.append(measurement.date, to: &text)
      text.append(contentsOf: "  ".utf8)
      Self.rightAligned(in: 8, &text) {
        MeasurementText.appendDelay(measurement, repertoire: session.repertoire, to: &$0)
      }
      text.append(contentsOf: "  ".utf8)
      Self.rightAligned(in: 10, &text) { unit.append(metres: measurement.distance, to: &$0) }
      // Blanks for empty columns wait until something follows them: none end a line.
      var blanks = 0
      if bearings {
        if let bearing = measurement.bearing {
          text.append(contentsOf: "  ".utf8)
          Self.rightAligned(in: 7 + blanks, &text) { $0.append(contentsOf: bearing.description.utf8) }
          blanks = 0
        } else {
          blanks += 9
        }
      }
      if let sourceWidth {
        if let source = measurement.source {
          text.append(contentsOf: repeatElement(space, count: blanks + 2))
          text.append(contentsOf: source.name.utf8)
          blanks = sourceWidth - source.name.utf8.count
        } else {
          blanks += 2 + sourceWidth
        }
      }
      if let note = measurement.note {
        // A note from another tool may hold line breaks or escape sequences: one row per measurement.
        text.append(contentsOf: repeatElement(space, count: blanks + 2))
        text.append(contentsOf: note.escapingControlCharacters.utf8)
      }
      text.append(UInt8(ascii: "\n"))
    }
    session.output.write(String(decoding: text, as: UTF8.self))
    session.shownNumbers.showed(first..<history.count, of: history.entries)
    return .proceed
  }

  /// `[N] [--json]` in either order.
  static func options(_ arguments: CommandArguments, command: some Command) throws(StormrangeError) -> (
    limit: Int?, json: Bool
  ) {
    var words = arguments.all
    let json = words.contains("--json")
    if words.count(where: { $0 == "--json" }) > 1 { throw command.usageError("'--json' is given twice") }
    words.removeAll { $0 == "--json" }
    guard words.count <= 1 else {
      throw command.usageError("unexpected argument '\(words[1].escapedForDisplay)'")
    }
    guard let word = words.first else { return (nil, json) }
    return (try command.count(word), json)
  }

  /// Right-aligns what `write` appends to `bytes` in `width` columns (characters: one column each).
  private static func rightAligned(in width: Int, _ bytes: inout [UInt8], _ write: (inout [UInt8]) -> Void) {
    let start = bytes.count
    write(&bytes)
    // One column for each scalar: each byte but UTF-8's continuation bytes, 0b10xxxxxx.
    let columns = bytes[start...].count { $0 & 0xC0 != 0x80 }
    if columns < width { bytes.insert(contentsOf: repeatElement(UInt8(ascii: " "), count: width - columns), at: start) }
  }

  /// Right-aligns `text` in `width` columns, as the rows' fields are: a column heading.
  private static func rightAligned(_ text: String, in width: Int) -> String {
    var bytes: [UInt8] = []
    rightAligned(in: width, &bytes) { $0.append(contentsOf: text.utf8) }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension String {
  /// Left-aligns the text in `width` columns (ASCII text: a source name).
  fileprivate func padding(toLength width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
