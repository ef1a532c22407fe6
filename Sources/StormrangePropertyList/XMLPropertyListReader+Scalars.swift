import FoundationEssentials

/// The values of `<integer>`, `<real>`, `<date>` and `<data>`.
extension XMLPropertyListReader {
  /// An optional sign, then decimal digits or `0x` and hexadecimal ones. `Int64(_:radix:)` converts
  /// them; it takes no `0x`, and once the digits are known good it fails only when they are too many.
  mutating func readInteger(isEmpty: Bool) throws(PropertyListError) -> Int64 {
    let tagStart = position
    let text = try readSimpleContent(.integer, isEmpty: isEmpty)
    var digits = text[...]
    let sign = digits.first == UInt8(ascii: "-") ? "-" : ""
    if digits.first == UInt8(ascii: "-") || digits.first == UInt8(ascii: "+") { digits.removeFirst() }
    let hexadecimal = digits.prefix(2).map { $0 | 0x20 } == Array("0x".utf8)
    if hexadecimal { digits.removeFirst(2) }
    let isDigit = { (byte: UInt8) in
      byte &- UInt8(ascii: "0") < 10 || hexadecimal && (byte | 0x20) &- UInt8(ascii: "a") < 6
    }
    guard !digits.isEmpty, digits.allSatisfy(isDigit) else {
      throw error("invalid integer \(quoted(self.text(text)))", at: tagStart)
    }
    let magnitude = self.text(UnsafeBufferPointer(rebasing: digits))
    guard let value = Int64(sign + magnitude, radix: hexadecimal ? 16 : 10) else {
      throw error("integer \(self.text(text)) is out of range", at: tagStart)
    }
    return value
  }

  mutating func readReal(isEmpty: Bool) throws(PropertyListError) -> Double {
    try readScalar(.real, isEmpty: isEmpty, PropertyListReal.parse)
  }

  mutating func readDate(isEmpty: Bool) throws(PropertyListError) -> Date {
    try readScalar(.date, isEmpty: isEmpty, PropertyListDate.parse)
  }

  /// The value `parse` makes of the element's trimmed text, which is an error if it makes none.
  private mutating func readScalar<Value>(
    _ tag: Tag, isEmpty: Bool, _ parse: (UnsafeBufferPointer<UInt8>) -> Value?
  ) throws(PropertyListError) -> Value {
    let tagStart = position
    let text = try readSimpleContent(tag, isEmpty: isEmpty)
    guard let value = parse(text) else {
      throw error("invalid \(tag.name) \(quoted(self.text(text)))", at: tagStart)
    }
    return value
  }

  /// Decodes base64 through `</data>`. Writers wrap it in lines and some leave out the padding, which
  /// `Data(base64Encoded:)` refuses (and with `.ignoreUnknownCharacters` it would skip anything at
  /// all), so the XML whitespace is dropped and the padding checked and completed first.
  mutating func readData() throws(PropertyListError) -> [UInt8] {
    let tagStart = position
    var index = position
    while index < end && base[index] != UInt8(ascii: "<") { index += 1 }
    guard index < end else { throw endsInside(.data) }
    let text = Data(
      UnsafeBufferPointer(start: base + position, count: index - position).filter { !isWhitespace($0) })
    position = index
    try expectClosingTag(.data)
    // At most two `=`, only at the end, and only to complete the last group of four.
    let padding = text.reversed().prefix { $0 == UInt8(ascii: "=") }.count
    let digits = text.count - padding
    guard padding <= 2, digits % 4 != 1, padding == 0 || text.count % 4 == 0,
      !text.prefix(digits).contains(UInt8(ascii: "=")),
      let bytes = Data(
        base64Encoded: text + Data(repeating: UInt8(ascii: "="), count: (4 - text.count % 4) % 4))
    else {
      throw error("invalid base64 in <data>", at: tagStart)
    }
    return [UInt8](bytes)
  }

  /// The content of an `<integer>`, `<real>` or `<date>` through its closing tag, without the
  /// whitespace around it (empty for `<integer/>`).
  private mutating func readSimpleContent(_ tag: Tag, isEmpty: Bool) throws(PropertyListError)
    -> UnsafeBufferPointer<UInt8>
  {
    guard !isEmpty else { return UnsafeBufferPointer(start: base, count: 0) }
    var start = position
    var index = position
    while index < end && base[index] != UInt8(ascii: "<") { index += 1 }
    guard index < end else { throw endsInside(tag) }
    let closing = tag.closing
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
}
