import StormrangeBase

/// `show [N]`: the measurements, oldest first.
struct ShowCommand: Command {
  let name = "show"
  let summary = "list the measurements, or the last N"
  let usage = "show [N]"
  let historyAccess = HistoryAccess.reads

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    let limit = try optionalCount(arguments)
    let history = session.history
    guard !history.isEmpty else {
      session.say("no measurements yet: type 'flash' when you see lightning, or 'add SECONDS'")
      return .proceed
    }
    let unit = session.currentSettings.unit
    let first = limit.map { max(0, history.count - $0) } ?? 0
    let indexWidth = max(1, String(history.count).count)
    var text =
      pad("#", indexWidth) + "  date               " + "  " + pad("delay", 8) + "  " + pad("distance", 10)
      + "  note\n"
    text.reserveCapacity((history.count - first + 1) * 64)
    for index in first..<history.count {
      let measurement = history[index]
      text += pad(String(index + 1), indexWidth)
      text += "  "
      text += LocalTime.format(measurement.date)
      text += "  "
      text += pad(FixedPoint.fixed(measurement.delay, digits: 2) + " s", 8)
      text += "  "
      text += pad(unit.format(metres: measurement.distance), 10)
      if let note = measurement.note {
        text += "  "
        // A note from another tool may hold line breaks or escape sequences: one row per measurement.
        text += note.escapingControlCharacters
      }
      text += "\n"
    }
    session.output.write(text)
    session.shownNumbers.showed(first..<history.count, of: history.entries)
    return .proceed
  }

  /// Right-aligns `text` in `width` columns.
  private func pad(_ text: String, _ width: Int) -> String {
    let count = text.unicodeScalars.count
    return count >= width ? text : String(repeating: " ", count: width - count) + text
  }
}
