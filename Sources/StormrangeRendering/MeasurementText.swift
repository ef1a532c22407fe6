import StormrangeBase
import StormrangeDomain

/// The short words for one measurement that several listings share: how it was found, its delay
/// column, and its bearing.
package enum MeasurementText {
  /// `delay 6.00 s`, or the detector's name for a detector's reading (`as3935`), or the network's
  /// and the count for a located group: `blitzortung, 12 strikes`.
  package static func origin(_ measurement: Measurement) -> String {
    switch measurement.origin {
    case .timed(let timing): "delay \(FixedPoint.fixed(timing.delay, digits: 2)) s"
    case .detector(let source): source.name
    case .located(let fix): "\(fix.source.name), \(fix.strikes) strike\(fix.strikes == 1 ? "" : "s")"
    }
  }

  /// `6.00 s`, or `—` (`-` in ASCII) for a detector's reading, which has no delay.
  package static func delay(_ measurement: Measurement, repertoire: CharacterRepertoire) -> String {
    var bytes: [UInt8] = []
    appendDelay(measurement, repertoire: repertoire, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends ``delay(_:repertoire:)``'s text to `bytes`, for a listing.
  package static func appendDelay(_ measurement: Measurement, repertoire: CharacterRepertoire, to bytes: inout [UInt8]) {
    guard let delay = measurement.delay else {
      bytes.append(contentsOf: repertoire.missing.utf8)
      return
    }
    FixedPoint.append(delay, digits: 2, to: &bytes)
    bytes.append(contentsOf: " s".utf8)
  }

  /// `2.06 km`, or `2.06 km NE` with a bearing.
  package static func distance(_ measurement: Measurement, unit: DistanceUnit) -> String {
    let distance = unit.format(metres: measurement.distance)
    guard let bearing = measurement.bearing else { return distance }
    return distance + " " + bearing.description
  }
}
