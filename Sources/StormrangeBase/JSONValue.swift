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
