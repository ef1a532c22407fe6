import FoundationEssentials

/// The values of `<integer>`, `<real>`, `<date>` and `<data>`.
extension XMLPropertyListReader {
  mutating func readInteger(isEmpty: Bool) throws(PropertyListError) -> Int64 {
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

  mutating func readReal(isEmpty: Bool) throws(PropertyListError) -> Double {
    let tagStart = position
    let text = isEmpty ? UnsafeBufferPointer(start: base, count: 0) : try readSimpleContent(.real)
    guard let value = PropertyListReal.parse(text) else {
      throw error("invalid real \(quoted(self.text(text)))", at: tagStart)
    }
    return value
  }

  mutating func readDate(isEmpty: Bool) throws(PropertyListError) -> Date {
    let tagStart = position
    let text = isEmpty ? UnsafeBufferPointer(start: base, count: 0) : try readSimpleContent(.date)
    guard let date = PropertyListDate.parse(text) else {
      throw error("invalid date \(quoted(self.text(text)))", at: tagStart)
    }
    return date
  }

  /// Decodes base64 (whitespace anywhere, padding optional) through `</data>`.
  mutating func readData() throws(PropertyListError) -> [UInt8] {
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
}
