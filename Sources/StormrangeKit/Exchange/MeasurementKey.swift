import FoundationEssentials
import StormrangeDomain

/// What makes two measurements the same one for `import`: every stored value except keys other
/// tools added. Exporting and importing back gives the same key, so re-importing a file adds nothing.
struct MeasurementKey: Hashable {
  let date: Double
  let delay: Double
  let distance: Double
  let temperature: Double
  let speedOfSound: Double
  let note: String?

  init(_ measurement: Measurement) {
    date = measurement.date.timeIntervalSince1970
    delay = measurement.delay
    distance = measurement.distance
    temperature = measurement.temperature
    speedOfSound = measurement.speedOfSound
    note = measurement.note
  }

  /// How many times each key occurs in `measurements`.
  static func counts(_ measurements: some Sequence<Measurement>) -> [MeasurementKey: Int] {
    var counts: [MeasurementKey: Int] = [:]
    for measurement in measurements { counts[MeasurementKey(measurement), default: 0] += 1 }
    return counts
  }
}
