import FoundationEssentials
import StormrangeDomain

extension SixRangeLine {
  /// Whether the line warns, at `date`, of a storm within `distance` metres in the next `window`
  /// seconds: the last range is within it, or the line reaches it by then. What a phone app
  /// extrapolating the last ranges would say, against which the chance's warning is judged.
  package static func warns(
    of measurements: [Measurement], at date: Date, within distance: Double, window: Double
  ) -> Bool {
    guard let last = measurements.last else { return false }
    if last.distance <= distance { return true }
    guard let now = range(of: measurements, at: date),
      let then = range(of: measurements, at: date.addingTimeInterval(window))
    else { return false }
    return min(now, then) <= distance
  }
}
