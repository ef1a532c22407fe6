/// A strict, byte-level parser for XML property lists.
///
/// It reads exactly the XML that property-list tools write (Apple's `plutil` and Foundation,
/// Python's `plistlib`, libplist's `plistutil`) plus whatever XML allows around it: a UTF-8 byte
/// order mark, an XML declaration, a `DOCTYPE`, comments and processing instructions between elements,
/// attributes, entity and character references, CDATA sections. It is not a general XML parser: there
/// are no namespaces and no entities other than the five predefined ones.
///
/// Speed matters (a history of 100,000 entries is 20–25 MB): it works on raw bytes, never builds
/// `Character`s, creates `String`s only for keys and string values, converts dates and base64 by
/// hand, and walks nested containers with an explicit stack (so deep nesting cannot overflow the
/// call stack), building their elements on one shared `ElementStack` per element type.
///
/// The encoding is checked once, up front, with a word-at-a-time ASCII fast path; after that every
/// byte range it turns into a `String` is known to be valid UTF-8. Control characters that XML
/// forbids are caught where text is scanned (markup has no room for them anyway).
///
/// This file holds the state and the document's structure; the extensions beside it, one concern
/// each, hold the rest (`+KnownTags`, `+TagReading`, `+Containers`, `+Text`, `+Scalars`,
/// `+BetweenElements`, `+Bytes`, `+Encoding`, `+Messages`, `+Frame`).
struct XMLPropertyListReader: ~Copyable {
  /// Deeper nesting than this is rejected; no real property list comes close.
  static let maximumDepth = 512

  /// Parses `buffer` (an entire XML document). With `recordingRanges`, also returns, for each
  /// element of a top-level array, the byte range of its XML text (opening tag through closing tag).
  static func read(
    _ buffer: UnsafeBufferPointer<UInt8>, recordingRanges: Bool
  ) throws(PropertyListError) -> (value: PropertyListValue, ranges: [Range<Int>]) {
    guard let base = buffer.baseAddress, !buffer.isEmpty else {
      throw PropertyListError("the file is empty")
    }
    var reader = XMLPropertyListReader(base: base, end: buffer.count, recordsRanges: recordingRanges)
    let value = try reader.parseDocument()
    return (value, reader.takeRanges())
  }

  /// Parses `buffer` and hands each element of a top-level array to `body` as soon as it is complete,
  /// with the byte range of its XML text, instead of collecting them: a large history then never
  /// exists twice in memory (once as parsed values, once as measurements). Returns the root value,
  /// which for an array is empty.
  static func read(
    _ buffer: UnsafeBufferPointer<UInt8>,
    eachTopLevelElement body: (consuming PropertyListValue, Range<Int>) throws(PropertyListError) -> Void
  ) throws(PropertyListError) -> PropertyListValue {
    guard let base = buffer.baseAddress, !buffer.isEmpty else {
      throw PropertyListError("the file is empty")
    }
    return try withoutActuallyEscaping(body) { (escapable) throws(PropertyListError) -> PropertyListValue in
      var reader = XMLPropertyListReader(base: base, end: buffer.count, recordsRanges: false)
      reader.topLevelSink = escapable
      return try reader.parseDocument()
    }
  }

  // MARK: - State

  let base: UnsafePointer<UInt8>
  let end: Int
  var position = 0
  let recordsRanges: Bool
  var ranges: [Range<Int>] = []
  /// Receives the elements of a top-level array instead of `values`, when set.
  var topLevelSink: ((consuming PropertyListValue, Range<Int>) throws(PropertyListError) -> Void)?
  /// Open containers, innermost last. Only `frames[0..<depth]` are live; the rest are reused.
  var frames: [Frame] = []
  var depth = 0
  /// Elements of the open arrays and entries of the open dictionaries, innermost container's last.
  var values = ElementStack<PropertyListValue>()
  var entries = ElementStack<PropertyListEntry>()
  /// Short keys seen so far, packed as two words, with their strings (see `readKeyText`).
  var knownKeys: [(first: UInt64, second: UInt64, length: Int, key: String)] = []

  private init(base: UnsafePointer<UInt8>, end: Int, recordsRanges: Bool) {
    self.base = base
    self.end = end
    self.recordsRanges = recordsRanges
  }

  private mutating func takeRanges() -> [Range<Int>] {
    var taken: [Range<Int>] = []
    swap(&taken, &ranges)
    return taken
  }

  // MARK: - Document

  private mutating func parseDocument() throws(PropertyListError) -> PropertyListValue {
    if end >= 2 && (base[0] == 0xFE && base[1] == 0xFF || base[0] == 0xFF && base[1] == 0xFE) {
      throw PropertyListError("the file is UTF-16; only UTF-8 property lists are supported")
    }
    try validateEncoding()
    if end >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF { position = 3 }

    try skipBetweenElements(allowDoctype: true)
    guard position < end else {
      throw error("the file has no <plist> element")
    }
    guard base[position] == UInt8(ascii: "<"), byte(at: position + 1) != UInt8(ascii: "/") else {
      throw error("expected <plist> but found \(describeMarkup(at: position))")
    }
    position += 1
    let (rootTag, rootEmpty) = try readOpeningTag()
    guard rootTag == .plist else {
      throw error("expected <plist> but found <\(rootTag.name)>", at: position - 1)
    }
    if rootEmpty { throw error("the <plist> element is empty") }

    let value = try parseValue()

    try skipBetweenElements(allowDoctype: false)
    guard position < end else { throw error("the file ends before </plist>") }
    if base[position] == UInt8(ascii: "<") && byte(at: position + 1) != UInt8(ascii: "/") {
      throw error("the <plist> element holds more than one value")
    }
    try expectClosingTag(.plist)
    try skipBetweenElements(allowDoctype: false)
    guard position == end else {
      throw error("unexpected \(describeMarkup(at: position)) after </plist>")
    }
    return value
  }

  /// Parses one value and everything nested in it, without recursion.
  private mutating func parseValue() throws(PropertyListError) -> PropertyListValue {
    while true {
      try skipBetweenElements(allowDoctype: false)
      let tagStart = position
      guard position < end, base[position] == UInt8(ascii: "<") else {
        throw unexpectedContent()
      }
      if byte(at: position + 1) == UInt8(ascii: "/") {
        // The end of a container (anything else is reported as a mismatch).
        guard depth > 0 else {
          if startsWith("</plist", at: position) { throw error("the <plist> element is empty") }
          throw error("expected a value but found \(describeMarkup(at: position))")
        }
        let frame = depth - 1
        let isDictionary = frames[frame].isDictionary
        try expectClosingTag(isDictionary ? .dict : .array)
        if isDictionary, let key = frames[frame].pendingKey {
          throw error("key \(quoted(key)) has no value", at: tagStart)
        }
        if let root = try closeContainer() { return root }
        continue
      }

      position += 1
      let (tag, isEmpty) = try readOpeningTag()
      if tag == .key {
        try readKey(isEmpty: isEmpty, tagStart: tagStart)
        continue
      }
      if depth > 0 && frames[depth - 1].isDictionary && frames[depth - 1].pendingKey == nil {
        throw error("expected <key> but found <\(tag.name)>", at: tagStart)
      }
      let value: PropertyListValue
      switch tag {
      case .array, .dict:
        if isEmpty {
          value = tag == .array ? .array([]) : .dictionary([])
        } else {
          try openContainer(isDictionary: tag == .dict, at: tagStart)
          continue
        }
      case .string:
        value = .string(isEmpty ? "" : try readText(.string))
      case .integer:
        value = .integer(try readInteger(isEmpty: isEmpty))
      case .real:
        value = .real(try readReal(isEmpty: isEmpty))
      case .date:
        value = .date(try readDate(isEmpty: isEmpty))
      case .data:
        value = .data(isEmpty ? [] : try readData())
      case .true, .false:
        if !isEmpty { try expectClosingTag(tag) }
        value = .bool(tag == .true)
      case .plist:
        throw error("<plist> cannot be nested", at: tagStart)
      case .key:
        continue  // handled above
      }
      if let root = try add(value, from: tagStart) { return root }
    }
  }
}
