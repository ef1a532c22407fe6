/// Opening and closing tags: the forms writers emit are matched a word at a time, anything else
/// (attributes, whitespace, other names) is read byte by byte.
extension XMLPropertyListReader {
  /// Reads a tag's name and attributes after its `<`, through its `>` or `/>`.
  mutating func readOpeningTag() throws(PropertyListError) -> (tag: Tag, isEmpty: Bool) {
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

  /// Reads a tag name and identifies it; unknown names are an error. (The tags writers emit are
  /// matched before this, a word at a time.)
  private mutating func readTagName() throws(PropertyListError) -> Tag {
    let start = position
    // Up to eight bytes packed into a word, so that a few comparisons identify the name.
    var packed: UInt64 = 0
    while position < end, isNameByte(base[position]) {
      if position - start < 8 { packed |= UInt64(base[position]) << UInt64(8 * (position - start)) }
      position += 1
    }
    if position - start <= 8, let known = Tag.packedNames.first(where: { $0.packed == packed }) {
      return known.tag
    }
    if position >= end { throw error("the file ends inside a tag") }
    if position == start {
      throw error("expected a tag name but found \(describeByte(at: position))")
    }
    throw error("unknown tag <\(text(start..<position))>", at: start - 1)
  }

  /// Consumes `</name>` (whitespace allowed before the `>`), or reports what is there instead.
  mutating func expectClosingTag(_ tag: Tag) throws(PropertyListError) {
    let start = position
    let closing = tag.closing
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
}
