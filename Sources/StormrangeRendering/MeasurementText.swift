import StormrangeBase
import StormrangeDomain

/// The short words for one measurement that several listings share: how it was found, its delay
/// column, and its bearing.
package enum MeasurementText {
  /// `delay 6.00 s`, or the detector's name for a detector's reading: `as3935`.
  package static func origin(_ measurement: Measurement) -> String {
    switch measurement.origin {
    case .timed(let timing): "delay \(FixedPoint.fixed(timing.delay, digits: 2)) s"
    case .detector(let source): source.name
    }
  }

  /// `6.00 s`, or `—` (`-` in ASCII) for a detector's reading, which has no delay.
  package static func delay(_ measurement: Measurement, repertoire: CharacterRepertoire) -> String {
    measurement.delay.map { FixedPoint.fixed($0, digits: 2) + " s" } ?? repertoire.missing
  }

  /// `2.06 km`, or `2.06 km NE` with a bearing.
  package static func distance(_ measurement: Measurement, unit: DistanceUnit) -> String {
    let distance = unit.format(metres: measurement.distance)
    guard let bearing = measurement.bearing else { return distance }
    return distance + " " + bearing.description
  }
}
