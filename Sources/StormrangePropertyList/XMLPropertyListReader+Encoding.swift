/// The up-front check that the document is UTF-8 XML may hold.
extension XMLPropertyListReader {
  /// Checks that the whole document is UTF-8 without the noncharacters U+FFFE and U+FFFF, which
  /// XML forbids. ASCII, the bulk of any property list, is skipped eight bytes at a time.
  func validateEncoding() throws(PropertyListError) {
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
}
