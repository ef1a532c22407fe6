/// Reads the text of a `<real>`: an optional sign, then decimal digits with an optional fraction and
/// exponent (`12`, `-0.5`, `.5`, `5.`, `1e-7`, `2.5E+10`), or `inf`, `infinity` or `nan` in any case.
///
/// This type decides which texts are reals: the standard library's `Double(_:)` also takes forms that
/// no property-list writer emits and that the reader has always refused, such as hexadecimal
/// (`0x1p4`) and `nan(…)` payloads. The conversion is `Double(_:)`'s, except for the common case of
/// at most 19 significant digits and a power of ten within ±19, which is computed exactly in integers
/// here (about 10 ns, against about 100 ns for `Double(_:)` and the `String` it needs): a history of
/// 100,000 entries holds 400,000 reals, and converting all of them with `Double(_:)` made its first
/// access about 40 ms, a third, slower.
enum PropertyListReal {
  /// The value of `text` (already trimmed of surrounding whitespace), or nil if it is not a real.
  static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    var index = 0
    func skipSign() -> Bool {
      guard index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") else {
        return false
      }
      index += 1
      return text[index - 1] == UInt8(ascii: "-")
    }
    // The digits' value while it has at most 19 digits, and the power of ten it is to be scaled by.
    var significand: UInt64 = 0
    var exponent = 0
    var exact = true
    func readDigits(scaling: Bool) -> Bool {
      let start = index
      while index < text.count, text[index] &- UInt8(ascii: "0") < 10 {
        exact = exact && significand < 1_000_000_000_000_000_000
        significand = exact ? significand * 10 + UInt64(text[index] &- UInt8(ascii: "0")) : 0
        if scaling { exponent -= 1 }
        index += 1
      }
      return index > start
    }
    let negative = skipSign()
    var sawDigit = readDigits(scaling: false)
    if index < text.count, text[index] == UInt8(ascii: ".") {
      index += 1
      sawDigit = readDigits(scaling: true) || sawDigit
    }
    guard sawDigit else { return isName(text) ? Double(String(decoding: text, as: UTF8.self)) : nil }
    if index < text.count, text[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      let negativeExponent = skipSign()
      let digitsStart = index
      while index < text.count, text[index] &- UInt8(ascii: "0") < 10 { index += 1 }
      guard index > digitsStart else { return nil }
      if index - digitsStart > 4 {
        exact = false  // far outside the fast path's range, or written with many leading zeros
      } else {
        var value = 0
        for digit in text[digitsStart..<index] { value = value * 10 + Int(digit &- UInt8(ascii: "0")) }
        exponent += negativeExponent ? -value : value
      }
    }
    guard index == text.count else { return nil }
    guard exact, exponent >= -19, exponent <= 19 else { return Double(String(decoding: text, as: UTF8.self)) }
    let power = UInt128(powersOfTen[abs(exponent)])
    let magnitude: Double
    if exponent >= 0 {
      magnitude = double(UInt128(significand) * power, timesTwoToThe: 0)
    } else {
      // Shifted to the top of 128 bits, the significand leaves a quotient of at least 64 bits; a
      // nonzero remainder only needs to be kept as a sticky low bit.
      let shift = significand.leadingZeroBitCount + 64
      let (quotient, remainder) = (UInt128(significand) << shift).quotientAndRemainder(dividingBy: power)
      magnitude = double(quotient | (remainder == 0 ? 0 : 1), timesTwoToThe: -shift)
    }
    return negative ? -magnitude : magnitude
  }

  /// 10⁰ through 10¹⁹, the powers of ten a `UInt64` holds.
  private static let powersOfTen: [UInt64] = Array(
    sequence(first: 1) { $0 <= UInt64.max / 10 ? $0 * 10 : nil })

  /// `value` × 2^`exponent`, correctly rounded (the result must be a normal number). Its top 64 bits,
  /// with any nonzero bits below them kept as a sticky low bit, round to 53 bits as the whole value
  /// would, and the standard library converts those exactly; `Double(UInt128)` would take 300 ns.
  private static func double(_ value: UInt128, timesTwoToThe exponent: Int) -> Double {
    let dropped = max(0, 64 - value.leadingZeroBitCount)
    let top = UInt64(truncatingIfNeeded: value >> dropped) | (value & ((1 << dropped) - 1) == 0 ? 0 : 1)
    return Double(sign: .plus, exponent: exponent + dropped, significand: Double(top))
  }

  /// Whether `text` is `inf`, `infinity` or `nan`, in any case, after an optional sign.
  private static func isName(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let signed = text.first == UInt8(ascii: "+") || text.first == UInt8(ascii: "-")
    let name = text.dropFirst(signed ? 1 : 0)
    return ["inf", "infinity", "nan"].contains { (word: String) in
      name.count == word.utf8.count && zip(name, word.utf8).allSatisfy { $0 | 0x20 == $1 }
    }
  }
}
