import FoundationEssentials
import StormrangeBase
import StormrangeDomain

/// A column chart of distance against time that fits an 80-column terminal: one bar per
/// measurement at its time, bar heights in eighths of a line with Unicode block elements
/// (`▁▂▃▄▅▆▇█`), or whole lines of `#` in ASCII. A dashed line marks 10 km: lightning inside it
/// is close.
///
/// ```
/// distance (km)
///   12 ┤█
///      │█   ▆
///   10 ┤█┄┄┄█┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄
///      …
///    0 └┬────────────────────────┬
///       18:03                18:23
/// ```
package struct DistanceChart {
  /// Widest line, in columns: one less than 80, so a terminal never wraps at the last column.
  package static let width = 79
  /// About how many lines the plot area takes.
  static let preferredHeight = 12

  let points: [(date: Date, metres: Double)]
  package let unit: DistanceUnit
  package let repertoire: CharacterRepertoire
  /// The zone the times under the chart are shown in.
  package let localTime: LocalTime

  package init(
    points: [(date: Date, metres: Double)], unit: DistanceUnit, repertoire: CharacterRepertoire,
    localTime: LocalTime
  ) {
    self.points = points
    self.unit = unit
    self.repertoire = repertoire
    self.localTime = localTime
  }

  /// The chart: a heading naming the unit, the plot, the time axis and its caption.
  package func render() -> String {
    guard !points.isEmpty else { return "" }
    let values = points.map { $0.metres / unit.metresPerUnit }
    // Only strikes where the observer stands (range 0) still get an axis, to 1 km.
    let top = values.max()!
    let scale = Scale(maximum: top > 0 ? top : 1000 / unit.metresPerUnit)
    let height = scale.ticks * max(1, Self.preferredHeight / scale.ticks)
    let rowsPerTick = height / scale.ticks
    let labels = (0...scale.ticks).map { FixedPoint.fixed(Double($0) * scale.step, digits: scale.digits) }
    let labelWidth = labels.map(\.count).max()!
    let plotWidth = Self.width - labelWidth - 2
    let columns = columnsOfPoints(width: plotWidth)

    // Bar heights in eighths of a line (whole lines in ASCII), at least one step so none vanish.
    let steps = repertoire == .unicode ? 8 : 1
    var bars = [Int?](repeating: nil, count: plotWidth)
    for (index, column) in columns.enumerated() {
      let fraction = values[index] / scale.maximum
      bars[column] = max(1, Int((fraction * Double(height * steps)).rounded()))
    }
    // The 10 km line sits on the row whose top edge is nearest to 10 km.
    let close = SafetyAdvice.closeDistance / unit.metresPerUnit
    let closeRow: Int? =
      close < scale.maximum ? max(0, Int((close / scale.maximum * Double(height)).rounded()) - 1) : nil

    var text = "distance (\(unit.rawValue))"
    if closeRow != nil {
      let dash = repertoire == .unicode ? "┄┄" : "--"
      text +=
        "    \(dash) \(unit.formatRoundKilometres(SafetyAdvice.closeDistance)): lightning inside this line is close"
    }
    text += "\n"
    for row in stride(from: height - 1, through: 0, by: -1) {
      let isTick = (row + 1) % rowsPerTick == 0
      let label = isTick ? labels[(row + 1) / rowsPerTick] : ""
      var line = String(repeating: " ", count: labelWidth - label.count) + label + " "
      line += isTick ? (repertoire == .unicode ? "┤" : "+") : (repertoire == .unicode ? "│" : "|")
      for column in 0..<plotWidth {
        line += cell(bar: bars[column], row: row, steps: steps, onCloseLine: row == closeRow)
      }
      while line.last == " " { line.removeLast() }
      text += line + "\n"
    }
    text += axis(labels[0], labelWidth: labelWidth, plotWidth: plotWidth, columns: columns)
    return text
  }

  /// The character for one cell of a bar `bar` steps high at `row`.
  private func cell(bar: Int?, row: Int, steps: Int, onCloseLine: Bool) -> String {
    let filled = (bar ?? 0) - row * steps
    if filled >= steps { return repertoire == .unicode ? "█" : "#" }
    if filled > 0 { return String(Array("▁▂▃▄▅▆▇")[filled - 1]) }
    if onCloseLine { return repertoire == .unicode ? "┄" : "-" }
    return " "
  }

  /// The column of each point: times spread over the width; a single time in the middle.
  private func columnsOfPoints(width: Int) -> [Int] {
    let first = points.map(\.date).min()!
    let span = points.map(\.date).max()!.timeIntervalSince(first)
    return points.map { point in
      guard span > 0, span.isFinite else { return width / 2 }
      return Int((point.date.timeIntervalSince(first) / span * Double(width - 1)).rounded())
    }
  }

  /// The time axis: a line with ticks under the first, last and (when there is room) middle time,
  /// the times under their ticks, and the caption.
  private func axis(_ zero: String, labelWidth: Int, plotWidth: Int, columns: [Int]) -> String {
    let dates = points.map(\.date)
    let first = dates.min()!
    let last = dates.max()!
    let span = last.timeIntervalSince(first)
    var marks: [(column: Int, date: Date)] = [(columns[dates.firstIndex(of: first)!], first)]
    if span > 0 {
      marks.append((plotWidth - 1, last))
      let middle = first.addingTimeInterval(span / 2)
      marks.insert(((plotWidth - 1) / 2, middle), at: 1)
    }
    let texts = marks.map { timeLabel($0.date, span: span, from: first, to: last) }
    // Place each time centred under its tick, inside the plot; drop the middle one if crowded.
    let starts = zip(marks, texts).map { mark, text in
      min(max(0, mark.column - text.count / 2), plotWidth - text.count)
    }
    var shown = Array(marks.indices)
    if marks.count == 3,
      starts[1] < starts[0] + texts[0].count + 2 || starts[2] < starts[1] + texts[1].count + 2
    {
      shown = [0, 2]
    }
    var axisLine = Array(repeating: repertoire == .unicode ? "─" : "-", count: plotWidth)
    var labelLine = Array(repeating: " ", count: plotWidth)
    for index in shown {
      axisLine[marks[index].column] = repertoire == .unicode ? "┬" : "+"
      for (offset, character) in texts[index].enumerated() where starts[index] + offset < plotWidth {
        labelLine[starts[index] + offset] = String(character)
      }
    }
    let margin = String(repeating: " ", count: labelWidth + 2)
    var text = String(repeating: " ", count: labelWidth - zero.count) + zero + " "
    text += (repertoire == .unicode ? "└" : "+") + axisLine.joined() + "\n"
    var labels = margin + labelLine.joined()
    while labels.last == " " { labels.removeLast() }
    text += labels + "\n"
    let caption = span < 24 * 3600 && sameDay(first, last) ? "local time" : "local date and time"
    text += margin + String(repeating: " ", count: max(0, (plotWidth - caption.count) / 2)) + caption + "\n"
    return text
  }

  /// `18:03`, `18:03:20` when the whole chart spans under 3 minutes, `07-01 18:03` across days.
  private func timeLabel(_ date: Date, span: Double, from first: Date, to last: Date) -> String {
    let full = localTime.format(date)  // 2026-07-01 18:03:00
    if !sameDay(first, last) { return DurationText.toTheMinute(full.dropFirst(5)) }
    let time = localTime.formatTime(date)  // 18:03:00
    return span < 180 ? time : DurationText.toTheMinute(time)
  }

  private func sameDay(_ a: Date, _ b: Date) -> Bool {
    localTime.format(a).prefix(10) == localTime.format(b).prefix(10)
  }

  /// The vertical scale: from 0 to a round maximum in steps of 1, 2, 2.5 or 5 × 10ⁿ, at most six.
  struct Scale {
    let step: Double
    let ticks: Int
    /// Decimals the step's labels need.
    let digits: Int
    var maximum: Double { step * Double(ticks) }

    init(maximum value: Double) {
      var exponent = 0
      var power = 1.0
      while power * 10 <= value / 6 {
        power *= 10
        exponent += 1
      }
      while power > value / 6, exponent > -3 {
        power /= 10
        exponent -= 1
      }
      for mantissa in [1.0, 2, 2.5, 5, 10] {
        let step = mantissa * power
        let ticks = max(1, Int((value / step).rounded(.up)))
        if ticks <= 6 {
          self.step = step
          self.ticks = ticks
          let extra = mantissa == 2.5 ? 1 : 0
          self.digits = max(0, -exponent + (mantissa == 10 ? -1 : 0) + extra)
          return
        }
      }
      step = 10 * power
      ticks = max(1, Int((value / step).rounded(.up)))
      digits = max(0, -exponent - 1)
    }
  }
}
