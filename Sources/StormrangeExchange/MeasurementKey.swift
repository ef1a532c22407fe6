import FoundationEssentials
import StormrangeDomain

/// What makes two measurements the same one for `import`: every stored value except keys other
/// tools added. Exporting and importing back gives the same key, so re-importing a file adds nothing.
package struct MeasurementKey: Hashable {
  let date: Double
  let distance: Double
  /// The delay, temperature and speed of sound, or the detector's name.
  let origin: MeasurementOrigin
  let bearing: Bearing?
  let note: String?

  package init(_ measurement: Measurement) {
    date = measurement.date.timeIntervalSince1970
    distance = measurement.distance
    origin = measurement.origin
    bearing = measurement.bearing
    note = measurement.note
  }

  /// How many times each key occurs in `measurements`.
  package static func counts(_ measurements: some Sequence<Measurement>) -> [MeasurementKey: Int] {
    var counts: [MeasurementKey: Int] = [:]
    for measurement in measurements { counts[MeasurementKey(measurement), default: 0] += 1 }
    return counts
  }
}
