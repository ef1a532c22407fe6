import FoundationEssentials
import StormrangeBase

/// JSON values as text, for the documents stormrange writes (exports, `status --json`): strings with
/// JSON's escapes, numbers as Swift prints them (the shortest text that reads back to the same
/// value), dates in ISO 8601 UTC, and null for what is not there.
enum JSONText {
  static let null = "null"

  /// `"text"` with JSON's escapes: quote, backslash and control characters (C0, DEL and C1).
  static func string(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      // C1 controls too (U+009B is a one-character escape sequence to some terminals): JSON reads
      // them back the same, and `show --json` at a terminal cannot drive it.
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// A number, or null when there is none or it is not finite (JSON has no infinity).
  static func number(_ value: Double?) -> String {
    guard let value, value.isFinite else { return null }
    return value.description
  }

  /// An integer.
  static func number(_ value: Int) -> String { String(value) }

  /// A date as `"2026-07-01T16:03:00Z"`, or null.
  static func date(_ value: Date?) -> String { value.map { string(UTCTime.format($0)) } ?? null }

  static func bool(_ value: Bool) -> String { value ? "true" : "false" }

  /// `{"a": 1, "b": null}`, members in the order given.
  static func object(_ members: KeyValuePairs<String, String>) -> String {
    "{" + members.map { string($0.key) + ": " + $0.value }.joined(separator: ", ") + "}"
  }
}
