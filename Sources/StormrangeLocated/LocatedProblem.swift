/// Why a located message was refused. Each kind is warned about once and counted
/// (``LocatedCounts``), so that a feed with one fault does not flood the terminal.
package struct LocatedProblem: Error, Equatable, Sendable {
  /// What is wrong, one kind per warning.
  package enum Kind: String, CaseIterable, Sendable {
    /// A line of bytes that are not UTF-8 text.
    case notUTF8 = "not UTF-8 text"
    /// A line longer than a line may be (4 MiB).
    case tooLong = "too long"
    /// Not a JSON object (NaN and Infinity, which JSON has not, included).
    case notJSON = "not a JSON object"
    /// A key given twice (``JSONValue/repeatedKeyMessage(_:)``).
    case repeatedKey = "a key given twice"
    /// No `time`, `lat` or `lon`.
    case missing = "a key missing"
    /// Text, or anything else, where a number belongs.
    case notANumber = "not a number"
    case latitudeOutOfRange = "latitude out of range"
    case longitudeOutOfRange = "longitude out of range"
    /// A time that is not one (`time` that is no ISO 8601 time with a zone, nor a number).
    case badTime = "not a time"
    /// Dated ahead of the clock.
    case ahead = "dated ahead"
    /// Dated long before it arrived.
    case behind = "dated long before"
  }

  package let kind: Kind
  /// One line, without the line number: `'lat' is 91, not a latitude (-90 to 90)`.
  package let message: String

  package init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }
}
