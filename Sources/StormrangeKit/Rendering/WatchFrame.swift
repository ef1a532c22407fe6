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
/// terminal never wraps them and nothing of them (the advice above all) is cut off; continuation
/// lines are indented under the values. The title is cut to that width, and the whole to the height.
struct WatchFrame {
  /// Nil while the history cannot be read.
  let status: HistoryStatus?
  /// Why the history could not be read, if it could not.
  let problem: String?
  let unit: DistanceUnit
  let repertoire: CharacterRepertoire
  /// The zone the clock and the times are shown in.
  let localTime: LocalTime
  let now: Date
  let width: Int
  let height: Int

  var lines: [String] {
    let separator = repertoire.separator
    var lines = [
      "stormrange watch\(separator)\(localTime.format(now).suffix(8))\(separator)q or Ctrl-C to leave", "",
    ]
    func wrapped(_ line: some StringProtocol, indent: Int) -> [String] {
      WordWrap.lines(String(line), width: width - 1, indent: indent, repertoire: repertoire)
    }
    if let problem {
      lines += wrapped("cannot read the history: \(problem.escapingControlCharacters)", indent: 2)
      lines.append("waiting for it to be fixed")
    } else if let status, let current = status.current {
      let report = StatusReport(
        status: current, unit: unit, repertoire: repertoire, localTime: localTime, ahead: status.ahead)
      // Indented under the values, past the labels' 11 columns (`advice     `).
      lines += report.block.split(separator: "\n", omittingEmptySubsequences: false).dropLast().flatMap {
        wrapped($0, indent: 11)
      }
      let chart = DistanceChart(
        points: current.storm.measurements.map { ($0.date, $0.distance) }, unit: unit, repertoire: repertoire,
        localTime: localTime
      ).render().split(separator: "\n").map(String.init)
      let fits = chart.allSatisfy { $0.count < width } && lines.count + 1 + chart.count <= height
      if fits { lines += [""] + chart }
    } else {
      if let status, let leftOut = StatusReport.leftOut(status.ahead, now: now, localTime: localTime, palette: .plain) {
        lines.append("no measurements up to now: waiting for the first one")
        lines += wrapped(leftOut.dropLast(), indent: 11)
      } else {
        lines.append("no measurements yet: waiting for the first one")
      }
    }
    return lines.prefix(max(0, height)).map { String($0.prefix(max(0, width - 1))) }
  }
}
