/// The element names a property list may use; any other is an error.
extension XMLPropertyListReader {
  enum Tag: String {
    case plist, array, dict, key, string, integer, real, date, data, `true`, `false`

    var name: String { rawValue }

    /// The closing tag exactly as writers write it, for the fast path.
    var closing: BytePattern {
      switch self {
      case .key: .keyClose
      case .string: .stringClose
      case .integer: .integerClose
      case .real: .realClose
      case .date: .dateClose
      case .data: .dataClose
      case .dict: .dictClose
      case .array: .arrayClose
      case .plist: .plistClose
      case .true: .trueClose
      case .false: .falseClose
      }
    }
  }
}
