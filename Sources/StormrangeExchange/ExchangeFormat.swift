import StormrangeBase
import StormrangeDomain

/// The exchange formats of `export`: one record per measurement with the keys ``keys``, dates in
/// ISO 8601 UTC, numbers in SI units as Swift prints them (the shortest text that reads back to the
/// same value, so an export imports back exactly).
public enum ExchangeFormat: String, CaseIterable, Sendable {
  case csv
  case json

  /// The format named by a word typed in any case (`CSV`); nil when it names none.
  package init?(word: String) {
    guard let name = word.word(among: Self.allCases.map(\.rawValue)) else { return nil }
    self.init(rawValue: name)
  }

  /// The columns (CSV) or keys (JSON), in this order. `bearing_deg` and `source` (since 1.1) and
  /// `detector` (since 1.2) come last, so the columns of earlier versions keep their positions.
  public static let keys = [
    "index", "date", "delay_s", "distance_m", "temperature_c", "speed_of_sound_mps", "note", "bearing_deg",
    "source", "detector",
  ]

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
            + Self.numbers(of: measurement).map { $0?.description ?? "" }
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
        var members = [
          "\"index\": \(first + offset)", "\"date\": \"\(UTCTime.format(measurement.date))\"",
        ]
        for (key, number) in zip(Self.keys[2...5], Self.numbers(of: measurement)) {
          members.append("\"\(key)\": \(number?.description ?? "null")")
        }
        members.append("\"note\": " + (measurement.note.map(JSONText.string) ?? "null"))
        members.append("\"bearing_deg\": " + (measurement.bearing.map(\.degrees.description) ?? "null"))
        members.append("\"source\": " + (measurement.source.map { JSONText.string($0.name) } ?? "null"))
        members.append("\"detector\": " + (measurement.source.map { "\"\($0.kind.rawValue)\"" } ?? "null"))
        objects.append("  {" + members.joined(separator: ", ") + "}")
      }
      return objects.isEmpty ? "[]\n" : "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }
  }

  /// delay_s, distance_m, temperature_c, speed_of_sound_mps; nil where the measurement has none.
  private static func numbers(of measurement: Measurement) -> [Double?] {
    let timing = measurement.timing
    return [timing?.delay, measurement.distance, timing?.temperature, timing?.speedOfSound]
  }
}
