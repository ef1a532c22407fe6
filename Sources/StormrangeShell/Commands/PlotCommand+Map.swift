import FoundationEssentials
import StormrangeDomain
import StormrangeRendering
import StormrangeStore

#if canImport(Glibc)
  import Glibc
#endif

/// `plot map`: the current storm on a map around the observer (``StormMap``).
extension PlotCommand {
  /// The terminal the map fits: every line under 80 columns, so none wraps, and at most 23 lines, so
  /// the title is still on screen above the next prompt.
  static let mapScreen = (columns: 80, rows: 24)

  static func runMap(in session: Session) throws(StormrangeError) -> Outcome {
    let now = session.clock.now().wall
    // The current storm is the status's: up to now, without the entries dated ahead.
    let history = HistoryStatus(history: session.history, now: now)
    guard let status = history.current else {
      session.say("no measurements yet: type 'flash' when you see lightning, or 'add SECONDS'")
      return .proceed
    }
    // Every current cell's measurements; the track is the leading cell's.
    let storm = status.storm
    let shown = history.cells.flatMap { $0.status.storm.measurements }
    let located = shown.filter { $0.bearing != nil }
    let marks = located.map { measurement in
      StormMap.Mark(position: position(of: measurement), age: now.timeIntervalSince(measurement.date))
    }
    // The course from the first flash to now, or on past the closest approach (so that its
    // arrowhead shows beyond the mark), but no more than an hour ahead; for a storm that is over, to
    // its last flash, and on only to a closest approach that is past. Straight, through where the
    // storm is now (or was at its last flash) on its present heading.
    var line: (from: StormMap.Position, to: StormMap.Position)?
    var closest: StormMap.Position?
    if let motion = status.groundMotion, motion.isMoving {
      var end = status.isOver ? storm.end : max(now, storm.end)
      if let approach = motion.closestApproach, approach.date > end.addingTimeInterval(-600),
        !status.isOver || approach.date <= now
      {
        end = min(approach.date.addingTimeInterval(600), now.addingTimeInterval(3600))
      }
      if let from = motion.position(at: storm.start), let to = motion.position(at: end) {
        line = (
          StormMap.Position(east: from.east, north: from.north),
          StormMap.Position(east: to.east, north: to.north)
        )
        if let approach = motion.closestApproach, let bearing = approach.bearing {
          closest = position(distance: approach.distance, bearing: bearing)
        }
      }
    }
    let unit = session.currentSettings.unit
    let name = stormName(status, now: now)
    let hidden = shown.count - located.count
    // The cells with a place, as many as there are letters, the leading one always among them, in
    // order of birth.
    let placed = history.cells.indices.filter { history.cells[$0].status.latest.bearing != nil }
    let lettered = (placed.filter { $0 == history.leading } + placed.filter { $0 != history.leading })
      .prefix(StormMap.letters.count).sorted()
    let cells =
      history.cells.count > 1
      ? lettered.map { index in
        StormMap.CellLabel(
          position: position(of: history.cells[index].status.latest), number: history.cells[index].number,
          isLeading: index == history.leading)
      } : []
    // Why flashes are missing comes first, before the map it explains.
    var lines =
      located.isEmpty
      ? [
        "\(name): \(shown.count == 1 ? "its measurement has no bearing" : "none of its \(shown.count) measurements has a bearing"), "
          + "so the map is empty; give one with 'from BEARING'"
      ]
      : [
        "\(name): \(located.count) of \(shown.count) measurement\(shown.count == 1 ? "" : "s") on the map, north up"
          + (cells.isEmpty ? "" : ", in \(history.cells.count) cells")
      ]
    if hidden > 0, !located.isEmpty {
      lines.append(
        "\(hidden) measurement\(hidden == 1 ? " has" : "s have") no bearing and \(hidden == 1 ? "is" : "are") not shown"
      )
    }
    lines += StormMap(
      marks: marks, track: line, closest: closest, unit: unit, repertoire: session.repertoire, cells: cells
    ).render()
    let words = MotionText(
      status: status, unit: unit, repertoire: session.repertoire, localTime: session.localTime)
    let room = mapScreen.rows - 1 - lines.count
    lines += mapFooter(words, room: room, repertoire: session.repertoire)
    session.output.write(lines.joined(separator: "\n") + "\n")
    return .proceed
  }

  /// The motion and closest-approach lines under the map, each wrapped to fit ``mapScreen``; when wrapping
  /// would take more than `room` lines (the map promises 80×24), the ones that do not fit on one line
  /// take their short form (`38 ± 3 km/h toward E`, `passes 4.46 km N at 08:38`).
  private static func mapFooter(_ words: MotionText, room: Int, repertoire: CharacterRepertoire) -> [String] {
    let parts = [
      ("motion: ", words.motion(short: false), words.motion(short: true)),
      words.closestApproach(short: false).map { ("closest: ", $0, words.closestApproach(short: true) ?? $0) },
    ].compactMap { $0 }
    func wrapped(_ label: String, _ text: String) -> [String] {
      WordWrap.lines(label + text, width: mapScreen.columns - 1, indent: label.count, repertoire: repertoire)
    }
    let long = parts.map { wrapped($0.0, $0.1) }
    guard long.joined().count > room else { return Array(long.joined()) }
    return zip(parts, long).flatMap { part, lines in lines.count > 1 ? wrapped(part.0, part.2) : lines }
  }

  /// East and north of the observer, in metres.
  static func position(of measurement: Measurement) -> StormMap.Position {
    position(distance: measurement.distance, bearing: measurement.bearing?.degrees ?? 0)
  }

  static func position(distance: Double, bearing: Double) -> StormMap.Position {
    let radians = bearing * .pi / 180
    return StormMap.Position(east: distance * sin(radians), north: distance * cos(radians))
  }
}
