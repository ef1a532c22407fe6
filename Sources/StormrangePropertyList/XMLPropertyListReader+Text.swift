/// Character data: the text of keys and strings, with entity and character references, CDATA
/// sections, comments and line ends normalised.
extension XMLPropertyListReader {
  /// Reads the text of a `<key>` or `<string>` through its closing tag.
  mutating func readText(_ tag: Tag) throws(PropertyListError) -> String {
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
    let closing = tag.closing
    if matches(closing, at: index) {
      position = index + closing.length
      return String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
    }
    if index < end && byte(at: index + 1) == UInt8(ascii: "!") {
      return try readTextSlowly(tag)  // CDATA section or comment
    }
    // Not the plain closing tag: `</string >`, with a blank before the `>`, is one too (and anything
    // else is reported); the text is what came before it.
    position = index
    try expectClosingTag(tag)
    return String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
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
}
