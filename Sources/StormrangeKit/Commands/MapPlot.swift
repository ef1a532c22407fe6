import FoundationEssentials
import StormrangeBase
import StormrangeDomain

#if canImport(Glibc)
  import Glibc
#endif

/// `plot map`: the current storm on a map around the observer (``StormMap``).
enum MapPlot {
  static func run(in session: Session) throws(StormrangeError) -> Outcome {
    let now = session.clock.now().wall
    guard let storm = Storm.current(in: session.history) else {
      session.say("no measurements yet: type 'flash' when you see lightning, or 'add SECONDS'")
      return .proceed
    }
    let located = storm.measurements.filter { $0.bearing != nil }
    let marks = located.map { measurement in
      StormMap.Mark(position: position(of: measurement), age: now.timeIntervalSince(measurement.date))
    }
    let status = StormStatus(history: session.history, now: now)
    let track = status?.motion.track.motion
    // The track from the first flash to now, or on past the closest approach (so that its arrowhead
    // shows beyond the mark), but no more than an hour ahead.
    var line: (from: StormMap.Position, to: StormMap.Position)?
    var closest: StormMap.Position?
    if let track {
      var end = max(now, storm.end)
      if let approach = track.closestApproach, approach.date > end.addingTimeInterval(-600) {
        end = min(approach.date.addingTimeInterval(600), now.addingTimeInterval(3600))
      }
      let (from, to) = (track.position(at: storm.start), track.position(at: end))
      line = (
        StormMap.Position(east: from.east, north: from.north),
        StormMap.Position(east: to.east, north: to.north)
      )
      if let approach = track.closestApproach, let bearing = approach.bearing {
        closest = position(distance: approach.distance, bearing: bearing)
      }
    }
    let unit = session.currentSettings.unit
    var lines = [
      "current storm: \(located.count) of \(storm.count) measurement\(storm.count == 1 ? "" : "s") on the map, north up"
    ]
    lines += StormMap(marks: marks, track: line, closest: closest, unit: unit, repertoire: session.repertoire)
      .render()
    if let status {
      let words = MotionText(status: status, unit: unit, repertoire: session.repertoire)
      lines.append("motion: " + words.motion)
      if let approach = words.closestApproach(short: false) { lines.append("closest: " + approach) }
    }
    let hidden = storm.count - located.count
    if hidden > 0 {
      lines.append(
        "\(hidden) measurement\(hidden == 1 ? " has" : "s have") no bearing and \(hidden == 1 ? "is" : "are") not shown"
      )
    }
    session.output.write(lines.joined(separator: "\n") + "\n")
    return .proceed
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
