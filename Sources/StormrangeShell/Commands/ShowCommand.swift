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
  let details = """
    N       only the last N added
    --json  an array of the same objects as 'export json' (index is the
            measurement's number), in the same order; [] when there are none
    """
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
      pad("#", indexWidth) + "  date               " + "  " + pad("delay", 8) + "  " + pad("distance", 10)
    if bearings { heading += "  bearing" }
    if let sourceWidth { heading += "  " + "source".padding(toLength: sourceWidth) }
    heading += "  note"
    var text = session.palette.paint(heading, as: .heading) + "\n"
    text.reserveCapacity((history.count - first + 1) * 64)
    for index in first..<history.count {
      let measurement = history[index]
      text += pad(String(index + 1), indexWidth)
      text += "  "
      text += session.localTime.format(measurement.date)
      text += "  "
      text += pad(MeasurementText.delay(measurement, repertoire: session.repertoire), 8)
      text += "  "
      text += pad(unit.format(metres: measurement.distance), 10)
      // Blanks for empty columns wait until something follows them: none end a line.
      var blanks = 0
      if bearings {
        if let bearing = measurement.bearing {
          text += "  " + pad(bearing.description, 7 + blanks)
          blanks = 0
        } else {
          blanks += 9
        }
      }
      if let sourceWidth {
        if let source = measurement.source {
          text += String(repeating: " ", count: blanks + 2) + source.name
          blanks = sourceWidth - source.name.utf8.count
        } else {
          blanks += 2 + sourceWidth
        }
      }
      if let note = measurement.note {
        // A note from another tool may hold line breaks or escape sequences: one row per measurement.
        text += String(repeating: " ", count: blanks + 2) + note.escapingControlCharacters
      }
      text += "\n"
    }
    session.output.write(text)
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

  /// Right-aligns `text` in `width` columns.
  private func pad(_ text: String, _ width: Int) -> String {
    let count = text.unicodeScalars.count
    return count >= width ? text : String(repeating: " ", count: width - count) + text
  }
}

extension String {
  /// Left-aligns the text in `width` columns (ASCII text: a source name).
  fileprivate func padding(toLength width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
