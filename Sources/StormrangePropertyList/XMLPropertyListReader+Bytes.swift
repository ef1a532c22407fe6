/// The byte-level reads and tests the rest of the reader shares.
extension XMLPropertyListReader {
  /// The byte at `index`, or 0 past the end.
  @inline(__always)
  func byte(at index: Int) -> UInt8 {
    index < end ? base[index] : 0
  }

  /// XML's whitespace: space, tab, line feed, carriage return.
  @inline(__always)
  func isWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte &- UInt8(ascii: "\t") < 2 || byte == UInt8(ascii: "\r")
  }

  /// A byte of an XML name, as far as a property list needs (every non-ASCII byte counts).
  @inline(__always)
  func isNameByte(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "_")
      || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte >= 0x80
  }

  /// Eight bytes at `index` (which must be at most `end - 8`), first byte lowest.
  @inline(__always)
  func word(at index: Int) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
  }

  /// Whether the bytes at `index` are `pattern`'s.
  @inline(__always)
  func matches(_ pattern: BytePattern, at index: Int) -> Bool {
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

  /// Whether the bytes at `index` are `literal`'s.
  func startsWith(_ literal: StaticString, at index: Int) -> Bool {
    let length = literal.utf8CodeUnitCount
    guard index + length <= end else { return false }
    return UnsafeBufferPointer(start: base + index, count: length).elementsEqual(
      UnsafeBufferPointer(start: literal.utf8Start, count: length))
  }

  /// Rejects the control characters XML 1.0 does not allow (all but tab, line feed, carriage return).
  @inline(__always)
  func checkCharacter(at index: Int) throws(PropertyListError) {
    let byte = base[index]
    if byte < 0x20 && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\r") {
      throw controlCharacterError(at: index)
    }
  }
}
