import StormrangeBase
import StormrangeDomain

/// The exchange formats of `export`: one record per measurement with the keys ``keys``, dates in
/// ISO 8601 UTC, numbers in SI units as Swift prints them (the shortest text that reads back to the
/// same value, so an export imports back exactly).
public enum ExchangeFormat: String, CaseIterable, Sendable {
  case csv
  case json

  /// The format named by a word typed in any case (`CSV`); nil when it names none.
  init?(word: String) {
    guard let name = word.word(among: Self.allCases.map(\.rawValue)) else { return nil }
    self.init(rawValue: name)
  }

  /// The values, in the order of their columns (CSV) or keys (JSON), after `index`. `bearing_deg`
  /// and `source` (since 1.1) and `detector` (since 1.2) come last, so the columns of earlier
  /// versions keep their positions.
  static let fields: [MeasurementFields.Key] = [
    .date, .delay, .distance, .temperature, .speedOfSound, .note, .bearing, .source, .detector,
  ]
  /// The number of a measurement in the export, first; an import ignores it.
  static let indexKey = "index"
  /// The columns (CSV) or keys (JSON), in this order: ``indexKey``, then ``fields``'.
  public static let keys = [indexKey] + fields.map(key)

  /// The column (CSV) or key (JSON) that holds `field`: the one place they are spelled.
  static func key(_ field: MeasurementFields.Key) -> String {
    switch field {
    case .date: "date"
    case .delay: "delay_s"
    case .distance: "distance_m"
    case .temperature: "temperature_c"
    case .speedOfSound: "speed_of_sound_mps"
    case .note: "note"
    case .bearing: "bearing_deg"
    case .source: "source"
    case .detector: "detector"
    }
  }

  /// The whole document for `measurements`, numbered from `first` (`show N --json` lists the last
  /// N by their history numbers). A value a measurement does not have (a detector's reading has no
  /// delay, temperature or speed of sound) is an empty CSV field or a JSON null.
  public func encode(_ measurements: some Sequence<Measurement>, numberedFrom first: Int = 1) -> String {
    switch self {
    case .csv:
      var text = CSVFormat.record(Self.keys)
      for (offset, measurement) in measurements.enumerated() {
        text += CSVFormat.record(
          [String(first + offset), UTCTime.format(measurement.date)]
            + Self.numbers(of: measurement).map { $0.number?.description ?? "" }
            + [
              measurement.note ?? "", measurement.bearing?.degrees.description ?? "",
              measurement.source?.name ?? "", measurement.source?.kind.rawValue ?? "",
            ])
      }
      return text
    case .json:
      // One object per line: readable, and each line diffs on its own.
      var objects: [String] = []
      for (offset, measurement) in measurements.enumerated() {
        func member(_ key: String, _ value: String?) -> String { "\"\(key)\": \(value ?? "null")" }
        var members = [
          member(Self.indexKey, String(first + offset)),
          member(Self.key(.date), "\"\(UTCTime.format(measurement.date))\""),
        ]
        for (field, number) in Self.numbers(of: measurement) {
          members.append(member(Self.key(field), number?.description))
        }
        members.append(member(Self.key(.note), measurement.note.map(JSONText.string)))
        members.append(member(Self.key(.bearing), measurement.bearing.map(\.degrees.description)))
        members.append(member(Self.key(.source), measurement.source.map { JSONText.string($0.name) }))
        members.append(member(Self.key(.detector), measurement.source.map { "\"\($0.kind.rawValue)\"" }))
        objects.append("  {" + members.joined(separator: ", ") + "}")
      }
      return objects.isEmpty ? "[]\n" : "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }
  }

  /// The delay, distance, temperature and speed of sound, in the order of their columns; nil where
  /// the measurement has none.
  private static func numbers(of measurement: Measurement) -> [(
    field: MeasurementFields.Key, number: Double?
  )] {
    let timing = measurement.timing
    return [
      (.delay, timing?.delay), (.distance, measurement.distance), (.temperature, timing?.temperature),
      (.speedOfSound, timing?.speedOfSound),
    ]
  }
}
