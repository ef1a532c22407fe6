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
    let unit = session.currentSettings.unit
    var lines = ["current storm: \(located.count) of \(storm.count) measurement\(storm.count == 1 ? "" : "s") on the map, north up"]
    lines += StormMap(marks: marks, track: nil, closest: nil, unit: unit, repertoire: session.repertoire).render()
    let hidden = storm.count - located.count
    if hidden > 0 {
      lines.append("\(hidden) measurement\(hidden == 1 ? " has" : "s have") no bearing and \(hidden == 1 ? "is" : "are") not shown")
    }
    session.output.write(lines.joined(separator: "\n") + "\n")
    return .proceed
  }

  /// East and north of the observer, in metres.
  static func position(of measurement: Measurement) -> StormMap.Position {
    let radians = (measurement.bearing?.degrees ?? 0) * .pi / 180
    return StormMap.Position(east: measurement.distance * sin(radians), north: measurement.distance * cos(radians))
  }
}
