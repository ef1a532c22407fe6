/// The element names a property list may use; any other is an error.
extension XMLPropertyListReader {
  enum Tag: String, CaseIterable {
    case plist, array, dict, key, string, integer, real, date, data, `true`, `false`

    var name: String { rawValue }

    /// Each tag's name packed as `readTagName` packs it: its bytes in a word, the first lowest.
    static let packedNames = allCases.map { tag in
      (packed: tag.rawValue.utf8.reversed().reduce(0) { $0 << 8 | UInt64($1) }, tag: tag)
    }

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
