import FoundationEssentials
import StormSimulator
import StormrangeDomain

extension ScoredStorm {
  /// The storm for a person checking a case by hand: each measurement, minutes from the first
  /// flash, then the truth, what status said, and the six-range line.
  package var description: String {
    let start = SimulatedStorm.epoch
    func minutes(_ time: Double) -> String { Self.fixed((time - start) / 60, 2) }
    func ahead(_ time: Double?) -> String {
      time.map { ($0 >= storm.statusTime ? "+" : "") + Self.fixed(($0 - storm.statusTime) / 60, 1) + " min" }
        ?? "—"
    }
    var lines = [
      "\(storm.scenario), seed \(storm.seed): \(storm.measurements.count) measurements, status at minute "
        + minutes(storm.statusTime)
    ]
    for record in storm.measurements {
      var line = "  " + minutes(record.time) + "  " + record.kind.rawValue
      if let delay = record.delay, let setting = record.temperatureSetting {
        line += " \(Self.fixed(delay, 1)) s at \(Self.fixed(setting, 0)) °C"
      }
      if let distance = record.distance { line += " \(Self.fixed(distance / 1000, 1)) km" }
      if let bearing = record.bearing { line += " from \(Self.fixed(bearing, 1))" }
      lines.append(line)
    }
    let truth = storm.truth
    lines.append(
      "  truth: range \(Self.fixed(truth.range / 1000, 2)) km, rate \(Self.kmh(truth.rangeRate)), speed "
        + Self.kmh(truth.groundSpeed) + (truth.heading.map { " toward \(Self.fixed($0, 0))°" } ?? "")
        + ", closest \(Self.fixed(truth.closestDistance / 1000, 2)) km at \(ahead(truth.closestTime))"
        + ", within 10 km at \(ahead(truth.arrivalWithin10km))")
    var said = "  status: \(trend.direction.rawValue)"
    if let rate = trend.rate, let error = trend.speedError {
      said += " \(Self.kmh(rate)) ± \(Self.kmh(error))"
    }
    if trend.within10km != nil {
      said +=
        ", within 10 km \(ahead(trend.within10kmEarliest?.timeIntervalSince1970))"
        + " / \(ahead(trend.within10km?.timeIntervalSince1970)) / \(ahead(trend.within10kmLatest?.timeIntervalSince1970))"
    }
    if let motion = groundMotion {
      said += "; ground \(Self.kmh(motion.speed)) ± \(Self.kmh(motion.speedError))"
      if let heading = motion.heading, let error = motion.headingError {
        said += " toward \(Self.fixed(heading, 0)) ± \(Self.fixed(error, 0))°"
      }
      if let closest = motion.closestApproach {
        said +=
          ", closest \(Self.fixed(closest.distance / 1000, 2)) ± \(Self.fixed(closest.distanceError / 1000, 2)) km"
          + " at \(ahead(closest.date.timeIntervalSince1970)) ± \(Self.fixed(closest.dateError / 60, 1)) min"
      }
    }
    lines.append(said)
    lines.append("  six-range line: " + (lineRate.map { Self.kmh($0) } ?? "—"))
    return lines.joined(separator: "\n")
  }

  /// Metres per second as `-35.1 km/h`.
  static func kmh(_ metresPerSecond: Double) -> String { fixed(metresPerSecond * 3.6, 1) + " km/h" }

  /// `value` with `digits` decimals.
  static func fixed(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    let fraction = Int(scaled - Double(whole) * scale)
    let sign = value < 0 && scaled > 0 ? "-" : ""
    guard digits > 0 else { return sign + String(whole) }
    let fractionText = String(fraction)
    return sign + String(whole) + "." + String(repeating: "0", count: digits - fractionText.count)
      + fractionText
  }
}
