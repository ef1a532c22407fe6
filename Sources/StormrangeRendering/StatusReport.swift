import FoundationEssentials
import StormrangeBase
import StormrangeDomain

/// The words for a ``StormStatus``: the `status` block and the one-line summary shown after each
/// measurement at the prompt, each with the entries dated ahead that were left out
/// (``leftOut(_:now:localTime:palette:)``). Every ± is one standard deviation (σ). A time after now is given as a
/// time, never with "ago".
package struct StatusReport {
  package let status: StormStatus
  package let unit: DistanceUnit
  package let repertoire: CharacterRepertoire
  /// The zone clock times are shown in.
  package let localTime: LocalTime
  /// Advice by level, lightning within about 10 km in bold, labels set off.
  package var palette = Palette.plain
  /// The entries left out of `status` because they are ahead of now; nil: not said.
  package var ahead: EntriesAhead?
  /// The number of the cell ``status`` describes, and the storm's other current cells, when it has
  /// more than one (``HistoryStatus/cells``); nil: not said.
  package var cells: (leading: Int, others: [CellStatus], farther: Int)?

  package init(
    status: StormStatus, unit: DistanceUnit, repertoire: CharacterRepertoire, localTime: LocalTime,
    palette: Palette = .plain, ahead: EntriesAhead? = nil
  ) {
    self.status = status
    self.unit = unit
    self.repertoire = repertoire
    self.localTime = localTime
    self.palette = palette
    self.ahead = ahead
  }

  /// The report of `status`'s leading cell, with its other cells and the entries left out; nil
  /// when no measurement is up to now.
  package init?(
    _ status: HistoryStatus, unit: DistanceUnit, repertoire: CharacterRepertoire, localTime: LocalTime,
    palette: Palette = .plain
  ) {
    guard let leading = status.leading else { return nil }
    self.init(
      status: status.cells[leading].status, unit: unit, repertoire: repertoire, localTime: localTime,
      palette: palette, ahead: status.ahead)
    if status.cells.count > 1 {
      var others = status.cells
      others.remove(at: leading)
      cells = (status.cells[leading].number, others, status.fartherCells)
    }
  }

  private var words: MotionText {
    var words = MotionText(status: status, unit: unit, repertoire: repertoire, localTime: localTime)
    if cells != nil { words.whole = "cell" }
    return words
  }
  private var plusMinus: PlusMinusText {
    PlusMinusText(unit: unit, repertoire: repertoire, localTime: localTime)
  }

  /// ```
  /// latest     #7  2.06 km ± 0.15 km NE  (delay 6.00 s, flash at 18:23:00, 2 min ago)
  /// storm      7 measurements from 18:03:00 to 18:23:00 (20 min)
  /// ranges     14.1 → 11.2 km in 12 min, as measured (medians of 3)
  /// trend      approaching at 24 ± 6 km/h
  /// chance     7 in 10 of coming within 10 km in the next 30 min
  ///            if it comes (within 3 h): most likely at 18:31, in 6–15 min (18:29–18:38)
  /// motion     30 ± 7 km/h over the ground, toward ENE (68° ± 9°)
  /// closest    passes 5.00 ± 1.10 km to the N (2° ± 9°) at 18:42 ± 3 min
  /// advice     SHELTER NOW: thunder was heard 2 min ago (18:23:06); when thunder roars, go indoors
  ///            lightning within about 10 km in the last 30 minutes
  /// all clear  in 27:54 (at 18:53:06) if no more thunder is heard
  /// ```
  ///
  /// A storm that is over says so, and gives its trend and motion as of its last flash:
  ///
  /// ```
  /// storm      9 measurements from 08:05:00 to 08:29:00 (24 min)
  ///            the storm is over: no thunder since 08:29:22
  /// trend      as of its last flash at 08:29:00, approaching at 36 ± 3 km/h
  /// motion     as of 08:29:00, 38 ± 3 km/h over the ground, toward E (93° ± 10°)
  /// ```
  package var block: String {
    rows.map { row in
      let value = row.role.map { palette.paint(row.value, as: $0) } ?? row.value
      return palette.paint(row.label, as: .heading) + row.padding + value + "\n"
    }.joined()
  }

  /// The rows of ``block``, unpainted, in order.
  var rows: [Row] {
    let (latest, advice, now) = (status.latest, status.advice, status.now)
    var rows: [Row] = []
    func row(
      _ field: Row.Field, _ label: String, _ value: String, as role: Palette.Role? = nil,
      alone: String? = nil
    ) {
      rows.append(Row(field: field, label: label, value: value, role: role, valueAlone: alone))
    }
    let flash = DurationText.clock(latest.date, besides: now, in: localTime)
    let age = DurationText.ago(latest.date, now: now).map { ", " + $0 } ?? ""
    let bearing = latest.bearing.map { " \($0.description)" } ?? ""
    let distance = plusMinus.distanceWithUnits(metres: latest.distance, error: status.uncertainty)
    // A group's nearest strike, which the advice counts, when it is not the group's own distance.
    let nearest =
      latest.fix.flatMap { $0.strikes > 1 ? ", nearest \(unit.format(metres: $0.nearest))" : nil } ?? ""
    row(
      .latest, "latest",
      "#\(status.position + 1)  \(distance)\(bearing)  (\(MeasurementText.origin(latest))\(nearest), "
        + "flash at \(flash)\(age))"
    )
    row(.storm, "storm", stormDescription)
    if status.isOver {
      // A storm of located strikes may be over since a strike nobody heard (beyond 16 km).
      let what = status.storm.measurements.contains { $0.fix != nil } ? "lightning" : "thunder"
      row(
        .storm, "",
        "the storm is over: no \(what) since \(DurationText.clock(status.storm.lastThunder, besides: now, in: localTime))"
      )
    }
    if let ranges = words.ranges() { row(.ranges, "ranges", ranges) }
    row(.trend, "trend", words.trend(short: false))
    for (index, line) in (words.chance(short: false) ?? []).enumerated() {
      row(.chance, index == 0 ? "chance" : "", line)
    }
    row(.motion, "motion", words.motion(short: false))
    if let closest = words.closestApproach(short: false) { row(.closest, "closest", closest) }
    if let cells {
      let count = cells.others.count
      let header = "this is cell \(cells.leading), which leads; \(count) other\(count == 1 ? "" : "s")"
      row(.cells, "cells", header + ":", alone: header)
      for other in cells.others { row(.otherCells, "", cellLine(other)) }
      if cells.farther > 0 {
        row(
          .otherCells, "",
          "and \(cells.farther) farther, not followed (the nearest \(HistoryStatus.followedCells) are)")
      }
    }
    let since = DurationText.since(advice.lastThunder ?? now, now: now, in: localTime)
    switch advice.level {
    case .shelterNow:
      row(
        .advice, "advice",
        "SHELTER NOW: \(heard(advice)) \(since); "
          + "when thunder roars, go indoors", as: .danger)
      if advice.lightningWithinCloseDistance {
        row(
          .advice, "", "lightning within about \(close) in the last \(waitMinutes) minutes",
          as: .emphasis)
      }
      let countdown = DurationText.countdown(advice.remaining)
      let at = DurationText.clock(advice.allClear ?? now, besides: now, in: localTime)
      row(.allClear, "all clear", "in \(countdown) (at \(at)) if no more thunder is heard")
    case .allClear:
      guard advice.lastThunder != nil else {
        // Only strikes too far to hear (a network's, beyond 16 km): no thunder to count from.
        row(
          .advice, "advice", "all clear: no lightning within \(audible) in the last \(waitMinutes) minutes",
          as: .safe)
        break
      }
      row(.advice, "advice", "all clear: \(lastHeard(advice)) \(since)", as: .safe)
    }
    if let ahead, let value = Self.leftOutValue(ahead, now: now, localTime: localTime) {
      row(.ahead, "ahead", value)
    }
    return rows
  }

  /// `cell 1  61.2 km E (83°), 1 in 10 within 10 km in 30 min`: another cell's number, its latest
  /// distance and bearing, and its chance, or its trend when no chance is given.
  private func cellLine(_ cell: CellStatus) -> String {
    let latest = cell.status.latest
    let bearing = latest.bearing.map { " \($0.description)" } ?? ""
    let words = MotionText(status: cell.status, unit: unit, repertoire: repertoire, localTime: localTime)
    let outlook = words.chance(short: true)?.first ?? words.trend(short: true)
    return "cell \(cell.number)  \(unit.format(metres: latest.distance))\(bearing), \(outlook)"
  }

  /// What the latest thunder was, for the advice while it holds: thunder heard, a detector's reading,
  /// or a network's strike near enough to hear (``SafetyAdvice/thunderAudibleDistance``).
  private func heard(_ advice: SafetyAdvice) -> String {
    if advice.lastThunderWasLocated { return "lightning was detected within \(audible)" }
    return advice.lastThunderWasDetected ? "lightning was detected" : "thunder was heard"
  }

  /// The same once it is all clear.
  private func lastHeard(_ advice: SafetyAdvice) -> String {
    if advice.lastThunderWasLocated { return "lightning within \(audible) was last detected" }
    return advice.lastThunderWasDetected ? "lightning was last detected" : "the last thunder was"
  }

  /// `ahead      2 entries dated ahead of now were left out: the first counts from 19:53:06 (in 5 h 00 min)`,
  /// with its line break; nil when none were.
  package static func leftOut(_ ahead: EntriesAhead, now: Date, localTime: LocalTime, palette: Palette)
    -> String?
  {
    leftOutValue(ahead, now: now, localTime: localTime).map { labelled("ahead", $0, palette: palette) }
  }

  /// The value of ``leftOut(_:now:localTime:palette:)``'s row.
  static func leftOutValue(_ ahead: EntriesAhead, now: Date, localTime: LocalTime) -> String? {
    guard let due = ahead.nextDue else { return nil }
    let when =
      "\(DurationText.clock(due, besides: now, in: localTime)) (in \(DurationText.approximate(due.timeIntervalSince(now))))"
    return ahead.count == 1
      ? "1 entry dated ahead of now was left out: it counts from \(when)"
      : "\(ahead.count) entries dated ahead of now were left out: the first counts from \(when)"
  }

  /// One line of the block: the label in its 11 columns, then the value, and a line break.
  private static func labelled(_ label: String, _ value: String, palette: Palette) -> String {
    palette.paint(label, as: .heading) + String(repeating: " ", count: 11 - label.count) + value + "\n"
  }

  /// `± 0.15 km · approaching at 24 ± 6 km/h · passes 5.00 km N at 18:42 · shelter now, lightning within 10 km`.
  package var summaryLine: String {
    let advice: String
    switch status.advice.level {
    case .shelterNow:
      advice =
        palette.paint("shelter now", as: .danger)
        + (status.advice.lightningWithinCloseDistance
          ? ", " + palette.paint("lightning within \(closeInKilometres)", as: .emphasis) : "")
    case .allClear:
      advice = palette.paint(
        "all clear (last thunder \(DurationText.approximate(status.advice.sinceLastThunder ?? 0)) ago)",
        as: .safe)
    }
    let uncertainty = plusMinus.distanceError(metres: status.latest.distance, error: status.uncertainty)
    let leftOut = ahead.flatMap { $0.count > 0 ? "\($0.count) dated ahead left out" : nil }
    let parts = [
      uncertainty, words.trend(short: true), words.chance(short: true)?.first,
      words.closestApproach(short: true),
      advice, leftOut,
    ]
    return parts.compactMap { $0 }.joined(separator: repertoire.separator)
  }

  /// `10 km`, or `10 km (6.21 mi)` in imperial units.
  private var close: String { unit.formatRoundKilometres(SafetyAdvice.closeDistance) }
  /// `16 km`, or `16 km (10 mi)` in imperial units, as ``close`` is shown.
  private var audible: String { unit.formatRoundKilometres(SafetyAdvice.thunderAudibleDistance) }
  /// `30`: the advice's window, in minutes.
  private var waitMinutes: Int { Int(SafetyAdvice.allClearWait / 60) }
  /// `10 km` in every unit: the summary line keeps it short.
  private var closeInKilometres: String {
    DistanceUnit.kilometres.formatRoundKilometres(SafetyAdvice.closeDistance)
  }

  /// `7 measurements from 18:03:00 to 18:23:00 (20 min)`; for one cell of several, after its number
  /// (`cell 2: 1 measurement so far, at 14:00:07`).
  private var stormDescription: String {
    let storm = status.storm
    let cell = cells.map { "cell \($0.leading): " } ?? ""
    let start = DurationText.clock(storm.start, besides: status.now, in: localTime)
    guard storm.count > 1 else { return cell + "1 measurement so far, at \(start)" }
    let end = DurationText.clock(storm.end, besides: status.now, in: localTime)
    let offsets = localTime.offsetsIfTheyDiffer(storm.start, storm.end)
    let span = DurationText.approximate(storm.end.timeIntervalSince(storm.start))
    return cell
      + "\(storm.count) measurements from \(start)\(offsets.start) to \(end)\(offsets.end) (\(span))"
  }

  /// The trend line of `status` and `plot`.
  package func trendDescription(short: Bool) -> String { words.trend(short: short) }
}
