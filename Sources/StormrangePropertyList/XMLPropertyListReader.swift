import FoundationEssentials

/// A strict, byte-level parser for XML property lists.
///
/// It reads exactly the XML that property-list tools write (Apple's `plutil` and Foundation,
/// Python's `plistlib`, libplist's `plistutil`) plus whatever XML allows around it: a UTF-8 byte
/// order mark, an XML declaration, a `DOCTYPE`, comments and processing instructions between elements,
/// attributes, entity and character references, CDATA sections. It is not a general XML parser: there
/// are no namespaces and no entities other than the five predefined ones.
///
/// Speed matters (a history of 100,000 entries is 20–25 MB): it works on raw bytes, never builds
/// `Character`s, creates `String`s only for keys and string values, converts dates and base64
/// by hand, and walks nested containers with an explicit stack (so deep nesting cannot overflow the
/// call stack), building their elements on one shared `ElementStack` per element type.
///
/// The encoding is checked once, up front, with a word-at-a-time ASCII fast path; after that every
/// byte range it turns into a `String` is known to be valid UTF-8. Control characters that XML
/// forbids are caught where text is scanned (markup has no room for them anyway).
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

  private let base: UnsafePointer<UInt8>
  private let end: Int
  private var position = 0
  private let recordsRanges: Bool
  private var ranges: [Range<Int>] = []
  /// Receives the elements of a top-level array instead of `values`, when set.
  private var topLevelSink: ((consuming PropertyListValue, Range<Int>) throws(PropertyListError) -> Void)?
  /// Open containers, innermost last. Only `frames[0..<depth]` are live; the rest are reused.
  private var frames: [Frame] = []
  private var depth = 0
  /// Elements of the open arrays and entries of the open dictionaries, innermost container's last.
  private var values = ElementStack<PropertyListValue>()
  private var entries = ElementStack<PropertyListEntry>()
  /// Short keys seen so far, packed as two words, with their strings (see `readKeyText`).
  private var knownKeys: [(first: UInt64, second: UInt64, length: Int, key: String)] = []

  private struct Frame {
    var isDictionary: Bool
    /// Offset of the `<` of the container's opening tag.
    var opening: Int
    /// Where the container's elements (or entries) start on `values` (or `entries`).
    var start: Int
    /// The key read last in a dictionary, waiting for its value.
    var pendingKey: String?
    /// Keys seen so far, once a dictionary is big enough that scanning its entries would be slow.
    var keyIndex: Set<String> = []
  }

  private init(base: UnsafePointer<UInt8>, end: Int, recordsRanges: Bool) {
    self.base = base
    self.end = end
    self.recordsRanges = recordsRanges
  }

  private enum Tag: Equatable {
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

    try skipMisc(allowDoctype: true)
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

    try skipMisc(allowDoctype: false)
    guard position < end else { throw error("the file ends before </plist>") }
    if base[position] == UInt8(ascii: "<") && byte(at: position + 1) != UInt8(ascii: "/") {
      throw error("the <plist> element holds more than one value")
    }
    try expectClosingTag(.plist)
    try skipMisc(allowDoctype: false)
    guard position == end else {
      throw error("unexpected \(describeMarkup(at: position)) after </plist>")
    }
    return value
  }

  /// Parses one value and everything nested in it, without recursion.
  private mutating func parseValue() throws(PropertyListError) -> PropertyListValue {
    while true {
      try skipMisc(allowDoctype: false)
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

  // MARK: - Containers

  private mutating func openContainer(isDictionary: Bool, at opening: Int) throws(PropertyListError) {
    guard depth < Self.maximumDepth else {
      throw error("the containers are nested more than \(Self.maximumDepth) deep", at: opening)
    }
    let start = isDictionary ? entries.count : values.count
    if depth == frames.count {
      frames.append(Frame(isDictionary: isDictionary, opening: opening, start: start))
    } else {
      frames[depth].isDictionary = isDictionary
      frames[depth].opening = opening
      frames[depth].start = start
    }
    depth += 1
  }

  /// Closes the innermost container and adds it to its parent; returns it if it is the root value.
  private mutating func closeContainer() throws(PropertyListError) -> PropertyListValue? {
    depth -= 1
    let value: PropertyListValue
    if frames[depth].isDictionary {
      value = .dictionary(entries.popArray(from: frames[depth].start))
      if !frames[depth].keyIndex.isEmpty { frames[depth].keyIndex = [] }
    } else {
      value = .array(values.popArray(from: frames[depth].start))
    }
    return try add(value, from: frames[depth].opening)
  }

  /// Adds a finished value to the innermost open container; returns it if it is the root value.
  private mutating func add(_ value: consuming PropertyListValue, from start: Int) throws(PropertyListError)
    -> PropertyListValue?
  {
    guard depth > 0 else { return value }
    let frame = depth - 1
    if frames[frame].isDictionary {
      let key = frames[frame].pendingKey ?? ""
      frames[frame].pendingKey = nil
      entries.push(PropertyListEntry(key: key, value: value))
    } else if frame == 0, let sink = topLevelSink {
      try sink(value, start..<position)
    } else {
      values.push(value)
      if recordsRanges && frame == 0 { ranges.append(start..<position) }
    }
    return nil
  }

  private mutating func readKey(isEmpty: Bool, tagStart: Int) throws(PropertyListError) {
    guard depth > 0, frames[depth - 1].isDictionary else {
      throw error("<key> is only allowed in a <dict>", at: tagStart)
    }
    let frame = depth - 1
    if let previous = frames[frame].pendingKey {
      throw error("key \(quoted(previous)) has no value", at: tagStart)
    }
    let key = isEmpty ? "" : try readKeyText()
    let start = frames[frame].start
    let isDuplicate: Bool
    if entries.count - start < 16 {
      let length = key.utf8.count
      isDuplicate = entries.withElements(from: start) { existing in
        existing.contains { $0.key.utf8.count == length && $0.key == key }
      }
    } else {
      if frames[frame].keyIndex.isEmpty {
        frames[frame].keyIndex = entries.withElements(from: start) { Set($0.map(\.key)) }
      }
      isDuplicate = !frames[frame].keyIndex.insert(key).inserted
    }
    if isDuplicate { throw error("duplicate key \(quoted(key))", at: tagStart) }
    frames[frame].pendingKey = key
  }

  /// Reads a key's text, reusing the `String` of an earlier identical key when it is short and
  /// plain (the history repeats the same few keys in every entry).
  private mutating func readKeyText() throws(PropertyListError) -> String {
    let start = position
    var index = position
    while index < end && base[index] > UInt8(ascii: "<") { index += 1 }
    let length = index - start
    guard length <= 16, start + 16 <= end, matches(.keyClose, at: index) else {
      return try readText(.key)
    }
    let first = word(at: start) & (length >= 8 ? .max : (1 << UInt64(8 * length)) &- 1)
    let second =
      length <= 8 ? 0 : word(at: start + 8) & (length == 16 ? .max : (1 << UInt64(8 * (length - 8))) &- 1)
    position = index + BytePattern.keyClose.length
    for known in knownKeys where known.first == first && known.second == second && known.length == length {
      return known.key
    }
    let key = String(decoding: UnsafeBufferPointer(start: base + start, count: length), as: UTF8.self)
    if knownKeys.count < 32 {
      knownKeys.append((first, second, length, key))
    }
    return key
  }

  // MARK: - Tags

  /// Reads a tag's name and attributes after its `<`, through its `>` or `/>`.
  private mutating func readOpeningTag() throws(PropertyListError) -> (tag: Tag, isEmpty: Bool) {
    // Fast path: the tags as writers write them, compared a word at a time.
    if position + 8 <= end {
      let word = self.word(at: position)
      let fast: (Tag, Bool, BytePattern)? =
        switch UInt8(truncatingIfNeeded: word) {
        case UInt8(ascii: "k"): (.key, false, .keyOpen)
        case UInt8(ascii: "r"): (.real, false, .realOpen)
        case UInt8(ascii: "d"):
          word & BytePattern.dictOpen.mask == BytePattern.dictOpen.first
            ? (.dict, false, .dictOpen)
            : word & BytePattern.dateOpen.mask == BytePattern.dateOpen.first ? (.date, false, .dateOpen) : nil
        case UInt8(ascii: "s"): (.string, false, .stringOpen)
        case UInt8(ascii: "i"): (.integer, false, .integerOpen)
        case UInt8(ascii: "t"): (.true, true, .trueEmpty)
        case UInt8(ascii: "f"): (.false, true, .falseEmpty)
        case UInt8(ascii: "a"): (.array, false, .arrayOpen)
        default: nil
        }
      if let (tag, isEmpty, pattern) = fast, word & pattern.mask == pattern.first {
        position += pattern.length
        return (tag, isEmpty)
      }
    }
    let nameStart = position
    let tag = try readTagName()
    // The tag's end, or attributes (`<plist version="1.0">`): name="value" or name='value', each
    // after whitespace.
    while true {
      let hadSpace = skipWhitespace()
      let byte = self.byte(at: position)
      if byte == UInt8(ascii: ">") {
        position += 1
        return (tag, false)
      }
      if byte == UInt8(ascii: "/") && self.byte(at: position + 1) == UInt8(ascii: ">") {
        position += 2
        return (tag, true)
      }
      guard position < end else { throw error("the file ends inside the <\(tag.name)> tag") }
      guard hadSpace, isNameByte(byte) else {
        throw error("malformed <\(tag.name)> tag", at: nameStart - 1)
      }
      while isNameByte(self.byte(at: position)) { position += 1 }
      skipWhitespace()
      guard self.byte(at: position) == UInt8(ascii: "=") else {
        throw error("malformed attribute in the <\(tag.name)> tag")
      }
      position += 1
      skipWhitespace()
      let quote = self.byte(at: position)
      guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
        throw error("malformed attribute in the <\(tag.name)> tag")
      }
      position += 1
      while position < end && base[position] != quote {
        try checkCharacter(at: position)
        if base[position] == UInt8(ascii: "<") {
          throw error("malformed attribute in the <\(tag.name)> tag")
        }
        position += 1
      }
      guard position < end else { throw error("the file ends inside the <\(tag.name)> tag") }
      position += 1
    }
  }

  /// Reads a tag name and identifies it; unknown names are an error.
  private mutating func readTagName() throws(PropertyListError) -> Tag {
    let start = position
    // Up to eight bytes packed into a word (little-endian), so one comparison identifies the name.
    var packed: UInt64 = 0
    while position < end, isNameByte(base[position]) {
      let length = position - start
      if length < 8 { packed |= UInt64(base[position]) << UInt64(length * 8) }
      position += 1
    }
    let length = position - start
    let tag: Tag? =
      switch length {
      case 3: packed == Self.packedKey ? .key : nil
      case 4:
        switch packed {
        case Self.packedDict: .dict
        case Self.packedReal: .real
        case Self.packedDate: .date
        case Self.packedData: .data
        case Self.packedTrue: .true
        default: nil
        }
      case 5:
        switch packed {
        case Self.packedArray: .array
        case Self.packedFalse: .false
        case Self.packedPlist: .plist
        default: nil
        }
      case 6: packed == Self.packedString ? .string : nil
      case 7: packed == Self.packedInteger ? .integer : nil
      default: nil
      }
    if let tag { return tag }
    if position >= end { throw error("the file ends inside a tag") }
    if length == 0 {
      throw error("expected a tag name but found \(describeByte(at: position))")
    }
    throw error("unknown tag <\(text(start..<position))>", at: start - 1)
  }

  // Tag names packed as `readTagName` packs them (first byte lowest).
  private static let packedKey: UInt64 = 0x79656B  // "key"
  private static let packedDict: UInt64 = 0x7463_6964  // "dict"
  private static let packedReal: UInt64 = 0x6C61_6572  // "real"
  private static let packedDate: UInt64 = 0x6574_6164  // "date"
  private static let packedData: UInt64 = 0x6174_6164  // "data"
  private static let packedTrue: UInt64 = 0x6575_7274  // "true"
  private static let packedArray: UInt64 = 0x79_6172_7261  // "array"
  private static let packedFalse: UInt64 = 0x65_736C_6166  // "false"
  private static let packedPlist: UInt64 = 0x74_7369_6C70  // "plist"
  private static let packedString: UInt64 = 0x676E_6972_7473  // "string"
  private static let packedInteger: UInt64 = 0x72_6567_6574_6E69  // "integer"

  /// Consumes `</name>` (whitespace allowed before the `>`), or reports what is there instead.
  private mutating func expectClosingTag(_ tag: Tag) throws(PropertyListError) {
    let start = position
    let closing = Self.closingPattern(tag)
    if matches(closing, at: start) {
      position += closing.length
      return
    }
    if byte(at: position) == UInt8(ascii: "<") && byte(at: position + 1) == UInt8(ascii: "/") {
      position += 2
      if position >= end { throw error("the file ends inside a tag") }
      let found = try readTagName()
      skipWhitespace()
      guard byte(at: position) == UInt8(ascii: ">") else {
        if position >= end { throw error("the file ends inside a tag") }
        throw error("malformed </\(found.name)> tag", at: start)
      }
      position += 1
      if found == tag { return }
      throw error("expected </\(tag.name)> but found </\(found.name)>", at: start)
    }
    position = start
    if position >= end { throw endsInside(tag) }
    throw error("expected </\(tag.name)> but found \(describeMarkup(at: start))", at: start)
  }

  /// The closing tag of `tag` exactly as writers write it, for the fast path.
  private static func closingPattern(_ tag: Tag) -> BytePattern {
    switch tag {
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

  /// Eight bytes at `index` (which must be at most `end - 8`), first byte lowest.
  @inline(__always)
  private func word(at index: Int) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
  }

  /// Whether the bytes at `index` are `pattern`'s.
  @inline(__always)
  private func matches(_ pattern: BytePattern, at index: Int) -> Bool {
    if index + 16 <= end {
      if word(at: index) & pattern.mask != pattern.first { return false }
      return pattern.length <= 8 || word(at: index + pattern.length - 8) == pattern.last
    }
    guard index + pattern.length <= end else { return false }
    for offset in 0..<pattern.length where base[index + offset] != pattern.byte(offset) {
      return false
    }
    return true
  }

  // MARK: - Text

  /// Reads the text of a `<key>` or `<string>` through its closing tag.
  private mutating func readText(_ tag: Tag) throws(PropertyListError) -> String {
    let start = position
    var index = position
    // Fast path: plain text up to the closing tag.
    while index < end {
      let byte = base[index]
      if byte > UInt8(ascii: "<") {
        index += 1
        continue
      }
      if byte == UInt8(ascii: "<") { break }
      if byte == UInt8(ascii: "&") || byte == UInt8(ascii: "\r") {
        return try readTextSlowly(tag)
      }
      if byte < 0x20 && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n") {
        throw controlCharacterError(at: index)
      }
      index += 1
    }
    let closing = Self.closingPattern(tag)
    if matches(closing, at: index) {
      position = index + closing.length
      return String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
    }
    if index < end && byte(at: index + 1) == UInt8(ascii: "!") {
      return try readTextSlowly(tag)  // CDATA section or comment
    }
    position = index
    try expectClosingTag(tag)  // reports what is wrong
    return ""
  }

  /// Reads text with entity references, CDATA sections, comments or carriage returns (which XML
  /// turns into line feeds, as it does CR LF pairs).
  private mutating func readTextSlowly(_ tag: Tag) throws(PropertyListError) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(64)
    while true {
      // A run of plain text, copied at once.
      let runStart = position
      while position < end {
        let byte = base[position]
        if byte > UInt8(ascii: "<") || byte >= 0x20 && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<")
          || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
        {
          position += 1
        } else {
          break
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: position - runStart))
      guard position < end else { throw endsInside(tag) }
      switch base[position] {
      case UInt8(ascii: "<"):
        if startsWith("<![CDATA[", at: position) {
          position += 9
          while true {
            guard position < end else { throw error("the file ends inside a CDATA section") }
            if base[position] == UInt8(ascii: "]") && startsWith("]]>", at: position) {
              position += 3
              break
            }
            try appendNormalized(to: &bytes)
          }
        } else if startsWith("<!--", at: position) {
          try skipComment()
        } else {
          try expectClosingTag(tag)
          return String(decoding: bytes, as: UTF8.self)
        }
      case UInt8(ascii: "&"):
        try appendReference(to: &bytes)
      default:
        try appendNormalized(to: &bytes)  // a carriage return, or a control character (an error)
      }
    }
  }

  /// Appends the byte at `position` (CR and CR LF become LF) and advances.
  private mutating func appendNormalized(to bytes: inout [UInt8]) throws(PropertyListError) {
    let byte = base[position]
    if byte == UInt8(ascii: "\r") {
      bytes.append(UInt8(ascii: "\n"))
      position += self.byte(at: position + 1) == UInt8(ascii: "\n") ? 2 : 1
      return
    }
    if byte < 0x20 && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n") {
      throw controlCharacterError(at: position)
    }
    bytes.append(byte)
    position += 1
  }

  /// Appends the character an entity or character reference at `position` stands for.
  private mutating func appendReference(to bytes: inout [UInt8]) throws(PropertyListError) {
    let start = position
    var nameEnd = position + 1
    while nameEnd < end && (isNameByte(base[nameEnd]) || base[nameEnd] == UInt8(ascii: "#")) { nameEnd += 1 }
    guard nameEnd < end && base[nameEnd] == UInt8(ascii: ";") else {
      throw error("malformed reference \(quoted(text(start..<min(nameEnd, end))))")
    }
    let name = UnsafeBufferPointer(start: base + start + 1, count: nameEnd - start - 1)
    position = nameEnd + 1
    func equals(_ literal: StaticString) -> Bool {
      name.elementsEqual(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
    if equals("amp") {
      bytes.append(UInt8(ascii: "&"))
    } else if equals("lt") {
      bytes.append(UInt8(ascii: "<"))
    } else if equals("gt") {
      bytes.append(UInt8(ascii: ">"))
    } else if equals("quot") {
      bytes.append(UInt8(ascii: "\""))
    } else if equals("apos") {
      bytes.append(UInt8(ascii: "'"))
    } else if name.first == UInt8(ascii: "#") {
      var value: UInt32 = 0
      var digits = 0
      let hex = name.count > 1 && name[1] == UInt8(ascii: "x")
      for byte in name.dropFirst(hex ? 2 : 1) {
        let digit: UInt32
        if byte &- UInt8(ascii: "0") < 10 {
          digit = UInt32(byte &- UInt8(ascii: "0"))
        } else if hex && (byte | 0x20) &- UInt8(ascii: "a") < 6 {
          digit = UInt32((byte | 0x20) &- UInt8(ascii: "a")) + 10
        } else {
          digits = -1
          break
        }
        // Saturate above the largest code point (leading zeros are allowed, so count no digits).
        value = min(value &* (hex ? 16 : 10) &+ digit, 0x11_0000)
        digits += 1
      }
      guard digits > 0 && Self.isXMLCharacter(value), let scalar = Unicode.Scalar(value)
      else {
        throw error("invalid character reference \(quoted(text(start..<position)))", at: start)
      }
      bytes.append(contentsOf: String(Character(scalar)).utf8)
    } else {
      throw error("unknown entity \(quoted(text(start..<position)))", at: start)
    }
  }

  private static func isXMLCharacter(_ value: UInt32) -> Bool {
    switch value {
    case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }

  /// The content of an `<integer>`, `<real>` or `<date>` through its closing tag, without the
  /// whitespace around it.
  private mutating func readSimpleContent(_ tag: Tag) throws(PropertyListError) -> UnsafeBufferPointer<
    UInt8
  > {
    var start = position
    var index = position
    while index < end && base[index] != UInt8(ascii: "<") { index += 1 }
    guard index < end else { throw endsInside(tag) }
    let closing = Self.closingPattern(tag)
    if matches(closing, at: index) {
      position = index + closing.length
    } else {
      position = index
      try expectClosingTag(tag)
    }
    var contentEnd = index
    while start < contentEnd && isWhitespace(base[start]) { start += 1 }
    while contentEnd > start && isWhitespace(base[contentEnd - 1]) { contentEnd -= 1 }
    return UnsafeBufferPointer(start: base + start, count: contentEnd - start)
  }

  // MARK: - Scalars

  private mutating func readInteger(isEmpty: Bool) throws(PropertyListError) -> Int64 {
    let tagStart = position
    let text = isEmpty ? UnsafeBufferPointer(start: base, count: 0) : try readSimpleContent(.integer)
    var index = 0
    var negative = false
    if let sign = text.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      negative = sign == UInt8(ascii: "-")
      index = 1
    }
    var radix: UInt64 = 10
    if index + 1 < text.count && text[index] == UInt8(ascii: "0")
      && text[index + 1] | 0x20 == UInt8(ascii: "x")
    {
      radix = 16
      index += 2
    }
    var magnitude: UInt64 = 0
    var overflow = false
    let digitsStart = index
    while index < text.count {
      let byte = text[index]
      let digit: UInt64
      if byte &- UInt8(ascii: "0") < 10 {
        digit = UInt64(byte &- UInt8(ascii: "0"))
      } else if radix == 16 && (byte | 0x20) &- UInt8(ascii: "a") < 6 {
        digit = UInt64((byte | 0x20) &- UInt8(ascii: "a")) + 10
      } else {
        break
      }
      let (multiplied, multiplyOverflow) = magnitude.multipliedReportingOverflow(by: radix)
      let (added, addOverflow) = multiplied.addingReportingOverflow(digit)
      overflow = overflow || multiplyOverflow || addOverflow
      magnitude = added
      index += 1
    }
    guard index == text.count && index > digitsStart else {
      throw error("invalid integer \(quoted(self.text(text)))", at: tagStart)
    }
    if negative {
      guard !overflow, magnitude <= UInt64(Int64.max) + 1 else {
        throw error("integer \(self.text(text)) is out of range", at: tagStart)
      }
      return Int64(truncatingIfNeeded: 0 &- magnitude)
    }
    guard !overflow, magnitude <= UInt64(Int64.max) else {
      throw error("integer \(self.text(text)) is out of range", at: tagStart)
    }
    return Int64(magnitude)
  }

  private mutating func readReal(isEmpty: Bool) throws(PropertyListError) -> Double {
    let tagStart = position
    let text = isEmpty ? UnsafeBufferPointer(start: base, count: 0) : try readSimpleContent(.real)
    guard let value = PropertyListReal.parse(text) else {
      throw error("invalid real \(quoted(self.text(text)))", at: tagStart)
    }
    return value
  }

  private mutating func readDate(isEmpty: Bool) throws(PropertyListError) -> Date {
    let tagStart = position
    let text = isEmpty ? UnsafeBufferPointer(start: base, count: 0) : try readSimpleContent(.date)
    guard let date = PropertyListDate.parse(text) else {
      throw error("invalid date \(quoted(self.text(text)))", at: tagStart)
    }
    return date
  }

  /// Decodes base64 (whitespace anywhere, padding optional) through `</data>`.
  private mutating func readData() throws(PropertyListError) -> [UInt8] {
    let tagStart = position
    var index = position
    while index < end && base[index] != UInt8(ascii: "<") { index += 1 }
    guard index < end else { throw endsInside(.data) }
    let text = UnsafeBufferPointer(start: base + position, count: index - position)
    position = index
    try expectClosingTag(.data)

    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.count / 4 * 3 + 3)
    var accumulator: UInt32 = 0
    var sextets = 0
    var padding = 0
    for byte in text {
      let sextet = Self.base64Values[Int(byte)]
      if sextet < 64 && padding == 0 {
        accumulator = accumulator << 6 | UInt32(sextet)
        sextets += 1
        if sextets == 4 {
          bytes.append(UInt8(truncatingIfNeeded: accumulator >> 16))
          bytes.append(UInt8(truncatingIfNeeded: accumulator >> 8))
          bytes.append(UInt8(truncatingIfNeeded: accumulator))
          accumulator = 0
          sextets = 0
        }
      } else if sextet == Self.base64Whitespace {
        continue
      } else if byte == UInt8(ascii: "=") && padding < 2 {
        padding += 1
      } else {
        throw error("invalid base64 in <data>", at: tagStart)
      }
    }
    switch sextets {
    case 0:
      guard padding == 0 else { throw error("invalid base64 in <data>", at: tagStart) }
    case 2:
      guard padding == 0 || padding == 2 else { throw error("invalid base64 in <data>", at: tagStart) }
      bytes.append(UInt8(truncatingIfNeeded: accumulator >> 4))
    case 3:
      guard padding <= 1 else { throw error("invalid base64 in <data>", at: tagStart) }
      bytes.append(UInt8(truncatingIfNeeded: accumulator >> 10))
      bytes.append(UInt8(truncatingIfNeeded: accumulator >> 2))
    default:
      throw error("invalid base64 in <data>", at: tagStart)
    }
    return bytes
  }

  private static let base64Whitespace: UInt8 = 0xFE
  /// Each byte's value in base64, `base64Whitespace` for XML whitespace, 0xFF for anything else.
  private static let base64Values: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
    for byte in [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")] {
      table[Int(byte)] = base64Whitespace
    }
    return table
  }()

  // MARK: - Whitespace, comments, declarations

  @inline(__always)
  private func byte(at index: Int) -> UInt8 {
    index < end ? base[index] : 0
  }

  @inline(__always)
  private func isWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte &- UInt8(ascii: "\t") < 2 || byte == UInt8(ascii: "\r")
  }

  @inline(__always)
  private func isNameByte(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "_")
      || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte >= 0x80
  }

  @discardableResult
  private mutating func skipWhitespace() -> Bool {
    let start = position
    while position < end && isWhitespace(base[position]) { position += 1 }
    return position > start
  }

  private func startsWith(_ literal: StaticString, at index: Int) -> Bool {
    let length = literal.utf8CodeUnitCount
    guard index + length <= end else { return false }
    return UnsafeBufferPointer(start: base + index, count: length).elementsEqual(
      UnsafeBufferPointer(start: literal.utf8Start, count: length))
  }

  /// Skips whitespace, comments and processing instructions (and, in the prolog, a DOCTYPE).
  private mutating func skipMisc(allowDoctype: Bool) throws(PropertyListError) {
    while true {
      skipWhitespace()
      guard position + 1 < end, base[position] == UInt8(ascii: "<") else { return }
      let next = base[position + 1]
      if next == UInt8(ascii: "!") && startsWith("<!--", at: position) {
        try skipComment()
      } else if next == UInt8(ascii: "?") {
        try skipProcessingInstruction()
      } else if next == UInt8(ascii: "!") && allowDoctype && startsWith("<!DOCTYPE", at: position) {
        try skipDoctype()
      } else {
        return
      }
    }
  }

  private mutating func skipComment() throws(PropertyListError) {
    try skip(openingLength: 4, through: "-->", unterminated: "the file ends inside a comment")
  }

  private mutating func skipProcessingInstruction() throws(PropertyListError) {
    try skip(openingLength: 2, through: "?>", unterminated: "the file ends inside a <?…?> declaration")
  }

  /// Skips markup whose opening (`openingLength` bytes) is at `position`, through `terminator`,
  /// checking each character on the way.
  private mutating func skip(openingLength: Int, through terminator: StaticString, unterminated: String)
    throws(PropertyListError)
  {
    let start = position
    let first = terminator.utf8Start.pointee
    position += openingLength
    while position < end {
      if base[position] == first && startsWith(terminator, at: position) {
        position += terminator.utf8CodeUnitCount
        return
      }
      try checkCharacter(at: position)
      position += 1
    }
    throw error(unterminated, at: start)
  }

  /// Skips `<!DOCTYPE …>`, including quoted identifiers and an internal subset in brackets.
  private mutating func skipDoctype() throws(PropertyListError) {
    let start = position
    position += 9
    var quote: UInt8 = 0
    var bracketDepth = 0
    while position < end {
      let byte = base[position]
      try checkCharacter(at: position)
      position += 1
      if quote != 0 {
        if byte == quote { quote = 0 }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: "[") {
        bracketDepth += 1
      } else if byte == UInt8(ascii: "]") {
        bracketDepth -= 1
      } else if byte == UInt8(ascii: ">") && bracketDepth <= 0 {
        return
      }
    }
    throw error("the file ends inside the <!DOCTYPE> declaration", at: start)
  }

  /// Rejects the control characters XML 1.0 does not allow (all but tab, line feed, carriage return).
  @inline(__always)
  private func checkCharacter(at index: Int) throws(PropertyListError) {
    let byte = base[index]
    if byte < 0x20 && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\r") {
      throw controlCharacterError(at: index)
    }
  }

  // MARK: - Encoding

  /// Checks that the whole document is UTF-8 without the noncharacters U+FFFE and U+FFFF, which
  /// XML forbids. ASCII, the bulk of any property list, is skipped eight bytes at a time.
  private func validateEncoding() throws(PropertyListError) {
    var index = 0
    let highBits: UInt64 = 0x8080_8080_8080_8080
    while index < end {
      if index + 8 <= end {
        let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        if word & highBits == 0 {
          index += 8
          continue
        }
        index += (word & highBits).trailingZeroBitCount / 8
      } else if base[index] < 0x80 {
        index += 1
        continue
      }
      index += try validateSequence(at: index)
    }
  }

  /// Validates one multi-byte UTF-8 sequence starting at `index`; returns its length.
  private func validateSequence(at index: Int) throws(PropertyListError) -> Int {
    let lead = base[index]
    let length: Int
    var lower: UInt8 = 0x80
    var upper: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      lower = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      upper = 0x9F
    case 0xF0:
      length = 4
      lower = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      upper = 0x8F
    default: throw error("the file is not valid UTF-8", at: index)
    }
    guard index + length <= end else { throw error("the file is not valid UTF-8", at: index) }
    let second = base[index + 1]
    guard second >= lower && second <= upper else { throw error("the file is not valid UTF-8", at: index) }
    for offset in 2..<max(length, 2) where base[index + offset] & 0xC0 != 0x80 {
      throw error("the file is not valid UTF-8", at: index)
    }
    if lead == 0xEF && second == 0xBF && base[index + 2] >= 0xBE {
      throw error("U+\(base[index + 2] == 0xBE ? "FFFE" : "FFFF") is not allowed in XML", at: index)
    }
    return length
  }

  // MARK: - Errors

  /// An error at `index` (default: the current position), prefixed with its line number.
  private func error(_ message: String, at index: Int? = nil) -> PropertyListError {
    PropertyListError("line \(lineNumber(of: index ?? position)): \(message)")
  }

  /// The line `index` is on, counting LF, CR LF and a lone CR as line ends, as XML does.
  private func lineNumber(of index: Int) -> Int {
    var line = 1
    for byteIndex in 0..<min(max(index, 0), end) {
      let byte = base[byteIndex]
      if byte == UInt8(ascii: "\n")
        || byte == UInt8(ascii: "\r") && self.byte(at: byteIndex + 1) != UInt8(ascii: "\n")
      {
        line += 1
      }
    }
    return line
  }

  private func endsInside(_ tag: Tag) -> PropertyListError {
    error("the file ends inside <\(tag.name)>")
  }

  private func controlCharacterError(at index: Int) -> PropertyListError {
    let hex = String(base[index], radix: 16, uppercase: true)
    return error(
      "the control character U+\(String(repeating: "0", count: 4 - hex.count))\(hex) is not allowed in XML",
      at: index)
  }

  /// The error for something other than a tag where one was expected (text, or the end of the file).
  private func unexpectedContent() -> PropertyListError {
    if position >= end {
      if depth > 0 {
        let frame = frames[depth - 1]
        let tag = frame.isDictionary ? "<dict>" : "<array>"
        return error("the file ends inside the \(tag) opened on line \(lineNumber(of: frame.opening))")
      }
      return error("the file ends inside <plist>")
    }
    if base[position] < 0x20 && !isWhitespace(base[position]) {
      return controlCharacterError(at: position)
    }
    var textEnd = position
    while textEnd < min(end, position + 400) && base[textEnd] != UInt8(ascii: "<") { textEnd += 1 }
    return error("unexpected text \(quoted(text(position..<textEnd)))")
  }

  /// Describes what is at `index` for an error message: `<dict>`, `</array>`, `text "…"`.
  private func describeMarkup(at index: Int) -> String {
    guard index < end else { return "the end of the file" }
    guard base[index] == UInt8(ascii: "<") else {
      var textEnd = index
      while textEnd < min(end, index + 400) && base[textEnd] != UInt8(ascii: "<") { textEnd += 1 }
      return "text \(quoted(text(index..<textEnd)))"
    }
    if startsWith("<![CDATA[", at: index) { return "a CDATA section" }
    if startsWith("<!--", at: index) { return "a comment" }
    var nameEnd = index + 1
    if byte(at: nameEnd) == UInt8(ascii: "/") || byte(at: nameEnd) == UInt8(ascii: "!") { nameEnd += 1 }
    while nameEnd < end && isNameByte(base[nameEnd]) { nameEnd += 1 }
    return "<\(text(index + 1..<nameEnd))>"
  }

  private func describeByte(at index: Int) -> String {
    guard index < end else { return "the end of the file" }
    return quoted(text(index..<min(index + 1, end)))
  }

  private func text(_ range: Range<Int>) -> String {
    text(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
  }

  private func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  /// `text` in double quotes for a one-line message: shortened, with line breaks and control
  /// characters shown as spaces.
  private func quoted(_ text: String) -> String {
    var shown = String(text.prefix(40)).map {
      $0.isNewline || $0.asciiValue.map { $0 < 0x20 } == true ? " " : $0
    }
    if text.count > 40 { shown.append("…") }
    return "\"\(String(shown))\""
  }
}
