/// Any JSON value, as ``JSONReader`` reads it, so that an import can check each array element on its
/// own and name the bad ones, instead of failing on the first.
package indirect enum JSONValue: Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  /// The members in the order the document gives them, a key given twice included.
  case object([Member])

  /// One `"key": value` of an object.
  package struct Member: Equatable {
    package var key: String
    package var value: JSONValue
  }

  /// `a string`, `an object`: for error messages.
  package var typeDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

extension [JSONValue.Member] {
  /// The first key given twice, if any. Which of its values was meant cannot be known (readers
  /// disagree: Python's and JavaScript's keep the last, others the first, so two programs could read
  /// one message as two places), so every reader of ours refuses such an object
  /// (``JSONValue/repeatedKeyMessage(_:)``) rather than pick one. Two keys are the same when their
  /// code points are (RFC 8259, and Python's reader), not when Swift's strings are equal: to those,
  /// the Kelvin sign is a K.
  package var repeatedKey: String? {
    var seen: Set<[UInt8]> = []
    return first { !seen.insert([UInt8]($0.key.utf8)).inserted }?.key
  }
}

extension JSONValue {
  /// Why an object whose key `shown` (as it is to be shown) is given twice is refused, in one line.
  package static func repeatedKeyMessage(_ shown: String) -> String {
    "the key '\(shown)' is given twice; which value is meant cannot be known"
  }
}
