/// The element names a property list may use; any other is an error.
extension XMLPropertyListReader {
  enum Tag: Equatable {
    case plist, array, dict, key, string, integer, real, date, data, `true`, `false`

    var name: String {
      switch self {
      case .plist: "plist"
      case .array: "array"
      case .dict: "dict"
      case .key: "key"
      case .string: "string"
      case .integer: "integer"
      case .real: "real"
      case .date: "date"
      case .data: "data"
      case .true: "true"
      case .false: "false"
      }
    }
  }
}
