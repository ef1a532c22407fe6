import FoundationEssentials
import StormrangeBase
import StormrangeDomain

/// The exchange formats of `export`: one record per measurement with the keys ``keys``, dates in
/// ISO 8601 UTC, numbers in SI units as Swift prints them (the shortest text that reads back to the
/// same value, so an export imports back exactly).
public enum ExchangeFormat: String, CaseIterable, Sendable {
  case csv
  case json

  /// The columns (CSV) or keys (JSON), in this order.
  public static let keys = [
    "index", "date", "delay_s", "distance_m", "temperature_c", "speed_of_sound_mps", "note",
  ]

  /// The whole document for `measurements`, numbered from 1.
  public func encode(_ measurements: some Sequence<Measurement>) -> String {
    switch self {
    case .csv:
      var text = CSVFormat.record(Self.keys)
      for (offset, measurement) in measurements.enumerated() {
        let numbers = Self.numbers(of: measurement)
        text += CSVFormat.record(
          [String(offset + 1), UTCTime.format(measurement.date)] + numbers.map(\.description)
            + [measurement.note ?? ""])
      }
      return text
    case .json:
      // One object per line: readable, and each line diffs on its own.
      var objects: [String] = []
      for (offset, measurement) in measurements.enumerated() {
        let numbers = Self.numbers(of: measurement).map(\.description)
        var members = [
          "\"index\": \(offset + 1)", "\"date\": \"\(UTCTime.format(measurement.date))\"",
        ]
        for (key, number) in zip(Self.keys[2...5], numbers) { members.append("\"\(key)\": \(number)") }
        members.append("\"note\": " + (measurement.note.map(Self.jsonString) ?? "null"))
        objects.append("  {" + members.joined(separator: ", ") + "}")
      }
      return objects.isEmpty ? "[]\n" : "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }
  }

  /// delay_s, distance_m, temperature_c, speed_of_sound_mps.
  private static func numbers(of measurement: Measurement) -> [Double] {
    [measurement.delay, measurement.distance, measurement.temperature, measurement.speedOfSound]
  }

  /// `"text"` with JSON's escapes: quote, backslash and control characters.
  static func jsonString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
