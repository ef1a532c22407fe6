/// Parses the decimal numbers people type, and nothing else.
///
/// `Double("…")` also accepts `nan`, `inf`, hexadecimal (`0x10`) and exponents; a delay typed as `0x10`
/// is almost certainly a mistake, so only `[+-]digits[.digits]` (ASCII digits) is accepted, plus an
/// exponent only when it keeps the value finite.
package enum StrictNumber {
  package static func parse<S: StringProtocol>(_ text: S) -> Double? {
    var sawDigit = false
    var index = text.utf8.startIndex
    let utf8 = text.utf8
    if index < utf8.endIndex, utf8[index] == UInt8(ascii: "+") || utf8[index] == UInt8(ascii: "-") {
      index = utf8.index(after: index)
    }
    var sawPoint = false
    var sawExponent = false
    while index < utf8.endIndex {
      let byte = utf8[index]
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        sawDigit = true
      case UInt8(ascii: ".") where !sawPoint && !sawExponent:
        sawPoint = true
      case UInt8(ascii: "e"), UInt8(ascii: "E"):
        guard sawDigit, !sawExponent else { return nil }
        sawExponent = true
        sawDigit = false
        let next = utf8.index(after: index)
        if next < utf8.endIndex, utf8[next] == UInt8(ascii: "+") || utf8[next] == UInt8(ascii: "-") {
          index = next
        }
      default:
        return nil
      }
      index = utf8.index(after: index)
    }
    guard sawDigit, let value = Double(String(text)), value.isFinite else { return nil }
    return value
  }
}
