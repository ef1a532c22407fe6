import StormrangeBase
import StormrangeDomain

/// The exchange formats of `export`: one record per measurement with the keys ``keys``, dates in
/// ISO 8601 UTC, numbers in SI units as Swift prints them (the shortest text that reads back to the
/// same value, so an export imports back exactly).
package enum ExchangeFormat: String, CaseIterable, Sendable {
  case csv
  case json

  /// The format named by a word typed in any case (`CSV`); nil when it names none.
  package init?(word: String) {
    guard let name = word.word(among: Self.allCases.map(\.rawValue)) else { return nil }
    self.init(rawValue: name)
  }

  /// The values, in the order of their columns (CSV) or keys (JSON), after `index`. `bearing_deg`
  /// and `source` (since 1.1), `detector` (since 1.2) and a located group's five (since 1.3) come
  /// last, so the columns of earlier versions keep their positions.
  static let fields: [MeasurementFields.Key] =
    [.date, .delay, .distance, .temperature, .speedOfSound, .note, .bearing, .source, .detector]
    + MeasurementFields.Key.locatedKeys
  /// The number of a measurement in the export, first; an import ignores it.
  package static let indexKey = "index"
  /// The columns (CSV) or keys (JSON), in this order: ``indexKey``, then ``fields``'.
  package static let keys = [indexKey] + fields.map(key)

  /// The column (CSV) or key (JSON) that holds `field` (``StormrangeDomain/MeasurementFields/Key/exchangeName``).
  package static func key(_ field: MeasurementFields.Key) -> String { field.exchangeName }

  /// The whole document for `measurements`, numbered from `first` (`show N --json` lists the last
  /// N by their history numbers). A value a measurement does not have (a detector's reading has no
  /// delay, temperature or speed of sound) is an empty CSV field or a JSON null.
  package func encode(_ measurements: some Sequence<Measurement>, numberedFrom first: Int = 1) -> String {
    switch self {
    case .csv:
      var text = CSVFormat.record(Self.keys)
      for (offset, measurement) in measurements.enumerated() {
        text += CSVFormat.record([String(first + offset)] + Self.fields.map { Self.value($0, of: measurement) ?? "" })
      }
      return text
    case .json:
      // One object per line: readable, and each line diffs on its own. Written into one string: a
      // string for each member made `export json` of 100k measurements 14 % slower.
      var text = ""
      for (offset, measurement) in measurements.enumerated() {
        text += text.isEmpty ? "[\n  {" : ",\n  {"
        text += Self.indexMember
        text += String(first + offset)
        for (field, prefix) in zip(Self.fields, Self.memberPrefixes) {
          text += prefix
          if let value = Self.value(field, of: measurement) {
            text += Self.isText(field) ? JSONText.string(value) : value
          } else {
            text += "null"
          }
        }
        text += "}"
      }
      return text.isEmpty ? "[]\n" : text + "\n]\n"
    }
  }

  /// `"index": `, then `, "date": ` and so on for each of ``fields``: made once, not for each row.
  private static let indexMember = "\"\(indexKey)\": "
  private static let memberPrefixes = fields.map { ", \"\(key($0))\": " }

  /// `field`'s value in `measurement` as text, nil where the measurement has none (a detector's
  /// reading has no delay, temperature or speed of sound): a date in ISO 8601 UTC, a number as Swift
  /// prints it.
  private static func value(_ field: MeasurementFields.Key, of measurement: Measurement) -> String? {
    switch field {
    case .date: UTCTime.format(measurement.date)
    case .delay: measurement.timing?.delay.description
    case .distance: measurement.distance.description
    case .temperature: measurement.timing?.temperature.description
    case .speedOfSound: measurement.timing?.speedOfSound.description
    case .note: measurement.note
    case .bearing: measurement.bearing?.degrees.description
    case .source: measurement.source?.name
    case .detector: measurement.source?.kind.rawValue
    case .latitude: measurement.fix?.position.latitude.description
    case .longitude: measurement.fix?.position.longitude.description
    case .nearest: measurement.fix?.nearest.description
    case .strikes: measurement.fix.map { String($0.strikes) }
    case .spread: measurement.fix?.spread.description
    }
  }

  /// Whether JSON writes `field`'s value as a string; else as a number.
  private static func isText(_ field: MeasurementFields.Key) -> Bool {
    switch field {
    case .date, .note, .source, .detector: true
    case .delay, .distance, .temperature, .speedOfSound, .bearing, .latitude, .longitude, .nearest, .strikes,
      .spread:
      false
    }
  }
}
