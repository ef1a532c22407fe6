import FoundationEssentials

/// Any value a property list can hold, as another tool (plistlib, plutil, plistutil) may write it.
///
/// The history keeps keys it does not know (a `location` written by another tool or a later
/// version) as these values, so rewriting the file never drops them.
package enum PropertyListValue: Equatable, Sendable {
  case string(String)
  case integer(Int64)
  case real(Double)
  case bool(Bool)
  case date(Date)
  case data([UInt8])
  case array([PropertyListValue])
  /// Keys in file order; property-list dictionaries are unordered but keeping the order makes
  /// rewrites stable.
  case dictionary([PropertyListEntry])

  /// A short name for the value's type, for error messages ("a string", "a date").
  package var typeDescription: String {
    switch self {
    case .string: "a string"
    case .integer: "an integer"
    case .real: "a real"
    case .bool: "a boolean"
    case .date: "a date"
    case .data: "data"
    case .array: "an array"
    case .dictionary: "a dictionary"
    }
  }
}
