import FoundationEssentials

/// JSON values as text, for the documents stormrange writes (exports, `status --json`): strings with
/// JSON's escapes, numbers as Swift prints them (the shortest text that reads back to the same
/// value), dates in ISO 8601 UTC, and null for what is not there.
package enum JSONText {
  package static let null = "null"

  /// `"text"` with JSON's escapes: quote, backslash, and `\uXXXX` (a surrogate pair beyond U+FFFF)
  /// for every character display escapes (controls, format characters such as U+202E, line and
  /// paragraph separators, noncharacters: `Unicode.Scalar.isEscapedForDisplay`). JSON reads them
  /// back the same, and `show --json` at a terminal can neither drive it nor hide or reorder text.
  package static func string(_ text: String) -> String {
    // Printable ASCII but the quote and the backslash, what dates and nearly every note are, is
    // written as it is, without looking at each scalar (`export json` writes four strings a row).
    if text.isPrintableASCII(excluding: [UInt8(ascii: "\""), UInt8(ascii: "\\")]) {
      return "\"" + text + "\""
    }
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.isEscapedForDisplay:
        for unit in String(scalar).utf16 {
          let hex = String(unit, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// A number, or null when there is none or it is not finite (JSON has no infinity).
  package static func number(_ value: Double?) -> String {
    guard let value, value.isFinite else { return null }
    return value.description
  }

  /// An integer.
  package static func number(_ value: Int) -> String { String(value) }

  /// A date as `"2026-07-01T16:03:00Z"`, or null.
  package static func date(_ value: Date?) -> String { value.map { string(UTCTime.format($0)) } ?? null }

  package static func bool(_ value: Bool) -> String { value ? "true" : "false" }

  /// `{"a": 1, "b": null}`, members in the order given.
  package static func object(_ members: KeyValuePairs<String, String>) -> String {
    object(members.map { (key: $0.key, value: $0.value) })
  }

  /// The same, from members built up in order.
  package static func object(_ members: [(key: String, value: String)]) -> String {
    "{" + members.map { string($0.key) + ": " + $0.value }.joined(separator: ", ") + "}"
  }

  /// `[1, 2]`: the elements, each already JSON, in the order given.
  package static func array(_ elements: [String]) -> String { "[" + elements.joined(separator: ", ") + "]" }
}
