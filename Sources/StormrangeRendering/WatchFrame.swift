import FoundationEssentials
import StormrangeBase
import StormrangeDomain

/// One screen of the `watch` dashboard for a terminal of `width` × `height` characters:
///
/// ```
/// stormrange watch · 18:25:14 · q or Ctrl-C to leave
///
/// latest     #7  2.06 km ± 0.15 km NE  (delay 6.00 s, flash at 18:23:00, 2 min ago)
/// …          (the lines of `status`)
/// all clear  in 27:54 (at 18:53:06) if no more thunder is heard
///
/// distance (km)   (the chart of `plot`, when the terminal has room for all of it)
/// ```
///
/// The lines of the status are wrapped at spaces to one column less than the width, so the
/// terminal never wraps them and nothing of them is cut off; continuation lines are indented under
/// the values. When the height is short of rows, whole rows give way so that the advice and the
/// all-clear are always shown in full: first the blank line, then the rows in
/// ``rowsDroppedFirst``'s order, then the title. The title is cut to the width.
package struct WatchFrame {
  /// Nil while the history cannot be read.
  package let status: HistoryStatus?
  /// Why the history could not be read, if it could not.
  package let problem: String?
  package let unit: DistanceUnit
  package let repertoire: CharacterRepertoire
  /// The zone the clock and the times are shown in.
  package let localTime: LocalTime
  package let now: Date
  package let width: Int
  package let height: Int

  package init(
    status: HistoryStatus?, problem: String?, unit: DistanceUnit, repertoire: CharacterRepertoire,
    localTime: LocalTime, now: Date, width: Int, height: Int
  ) {
    self.status = status
    self.problem = problem
    self.unit = unit
    self.repertoire = repertoire
    self.localTime = localTime
    self.now = now
    self.width = width
    self.height = height
  }

  /// The status rows that give way first when the terminal is short of rows: the advice and the
  /// all-clear never do; of the others, what is least needed to act goes first. That there are
  /// other cells, and which one the rows describe, stays longer than the line for each of them.
  static let rowsDroppedFirst: [StatusReport.Row.Field] = [
    .otherCells, .storm, .ranges, .motion, .closest, .trend, .cells, .chance, .latest,
  ]

  package var lines: [String] {
    let separator = repertoire.separator
    let title =
      "stormrange watch\(separator)\(localTime.format(now).suffix(8))\(separator)q or Ctrl-C to leave"
    func wrapped(_ line: String, indent: Int) -> [String] {
      WordWrap.lines(line, width: width - 1, indent: indent, repertoire: repertoire)
    }
    var lines: [String]
    if let problem {
      lines = wrapped("cannot read the history: \(problem.escapingControlCharacters)", indent: 2)
      lines.append("waiting for it to be fixed")
    } else if let status,
      let report = StatusReport(status, unit: unit, repertoire: repertoire, localTime: localTime)
    {
      // The lines of `rows`, indented under the values, past the labels. A row whose continuation
      // rows gave way loses the colon that introduced them.
      func shownLines(of rows: [StatusReport.Row]) -> [String] {
        let alone = !rows.contains { $0.field == .otherCells }
        return rows.flatMap { row in
          wrapped(alone ? row.textAlone : row.text, indent: StatusReport.Row.labelWidth)
        }
      }
      // Besides the title and the blank line under it.
      var room = height - 2
      var rows = report.rows
      for field in [nil] + Self.rowsDroppedFirst {
        if shownLines(of: rows).count <= room { break }
        if let field { rows.removeAll { $0.field == field } } else { room += 1 }
      }
      lines = shownLines(of: rows)
      let chart = DistanceChart(
        points: report.status.storm.measurements.map { ($0.date, $0.distance) }, unit: unit,
        repertoire: repertoire,
        localTime: localTime
      ).render().split(separator: "\n").map(String.init)
      if chart.allSatisfy({ $0.count < width }) && lines.count + 3 + chart.count <= height {
        lines += [""] + chart
      }
    } else {
      if let status, let leftOut = StatusReport.leftOutValue(status.ahead, now: now, localTime: localTime) {
        let row = StatusReport.Row(field: .ahead, label: "ahead", value: leftOut, role: nil)
        lines = ["no measurements up to now: waiting for the first one"]
        lines += wrapped(row.text, indent: StatusReport.Row.labelWidth)
      } else {
        lines = ["no measurements yet: waiting for the first one"]
      }
    }
    // The title and the blank line under it, where they fit.
    if lines.count < height { lines.insert(title, at: 0) }
    if lines.count < height { lines.insert("", at: 1) }
    return lines.prefix(max(0, height)).map { String($0.prefix(max(0, width - 1))) }
  }
}
