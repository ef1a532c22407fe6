/// Errors as a person reads them: prefixed with their line, quoting what was found.
extension XMLPropertyListReader {
  /// An error at `index` (default: the current position), prefixed with its line number.
  func error(_ message: String, at index: Int? = nil) -> PropertyListError {
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

  func endsInside(_ tag: Tag) -> PropertyListError {
    error("the file ends inside <\(tag.name)>")
  }

  func controlCharacterError(at index: Int) -> PropertyListError {
    let hex = String(base[index], radix: 16, uppercase: true)
    return error(
      "the control character U+\(String(repeating: "0", count: 4 - hex.count))\(hex) is not allowed in XML",
      at: index)
  }

  /// The error for something other than a tag where one was expected (text, or the end of the file).
  func unexpectedContent() -> PropertyListError {
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
  func describeMarkup(at index: Int) -> String {
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

  func describeByte(at index: Int) -> String {
    guard index < end else { return "the end of the file" }
    return quoted(text(index..<min(index + 1, end)))
  }

  func text(_ range: Range<Int>) -> String {
    text(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
  }

  func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  /// `text` in double quotes for a one-line message: shortened, with line breaks and control
  /// characters shown as spaces.
  func quoted(_ text: String) -> String {
    var shown = String(text.prefix(40)).map {
      $0.isNewline || $0.asciiValue.map { $0 < 0x20 } == true ? " " : $0
    }
    if text.count > 40 { shown.append("…") }
    return "\"\(String(shown))\""
  }
}
