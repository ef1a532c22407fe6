/// Converts the text of a `<real>` to the nearest `Double`, exactly as `strtod` would, but several
/// times faster.
///
/// `strtod` and `Double(String)` take about 130 ns per number here; a large history holds hundreds of
/// thousands of reals, most with 17 significant digits (shortest round-trip form of computed
/// values). Short decimals take Clinger's fast path (one exact multiplication or division); the
/// rest take the Eisel–Lemire algorithm (as in the fast_float library), which is exact for up to 19
/// significant digits. Longer inputs fall back to the standard library.
enum RealTextParser {
  /// Parses `text` (already trimmed of surrounding whitespace): an optional sign, then decimal
  /// digits with an optional fraction and exponent (`12`, `-0.5`, `.5`, `5.`, `1e-7`, `2.5E+10`),
  /// or `inf`, `infinity`, `nan` in any case. Returns nil for anything else, including hexadecimal
  /// floats, which are not a form property lists use.
  static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    let count = text.count
    var index = 0
    var negative = false
    guard count > 0 else { return nil }
    if text[0] == UInt8(ascii: "-") || text[0] == UInt8(ascii: "+") {
      negative = text[0] == UInt8(ascii: "-")
      index = 1
    }
    if index < count, text[index] | 0x20 == UInt8(ascii: "i") || text[index] | 0x20 == UInt8(ascii: "n") {
      return parseName(UnsafeBufferPointer(rebasing: text[index...]), negative: negative)
    }

    var significand: UInt64 = 0
    var significantDigits = 0
    var exponent = 0
    var truncated = false
    var sawDigit = false
    while index < count, text[index] &- UInt8(ascii: "0") < 10 {
      let digit = UInt64(text[index] &- UInt8(ascii: "0"))
      sawDigit = true
      if significantDigits < 19 {
        significand = significand &* 10 &+ digit
        if significand != 0 { significantDigits += 1 }
      } else {
        exponent += 1
        if digit != 0 { truncated = true }
      }
      index += 1
    }
    if index < count, text[index] == UInt8(ascii: ".") {
      index += 1
      while index < count, text[index] &- UInt8(ascii: "0") < 10 {
        let digit = UInt64(text[index] &- UInt8(ascii: "0"))
        sawDigit = true
        if significantDigits < 19 {
          significand = significand &* 10 &+ digit
          if significand != 0 { significantDigits += 1 }
          exponent -= 1
        } else if digit != 0 {
          truncated = true
        }
        index += 1
      }
    }
    guard sawDigit else { return nil }
    if index < count, text[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      var exponentNegative = false
      if index < count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
        exponentNegative = text[index] == UInt8(ascii: "-")
        index += 1
      }
      var explicitExponent = 0
      var sawExponentDigit = false
      while index < count, text[index] &- UInt8(ascii: "0") < 10 {
        // Saturate: anything this large is zero or infinity already.
        if explicitExponent < 100_000 {
          explicitExponent = explicitExponent * 10 + Int(text[index] &- UInt8(ascii: "0"))
        }
        sawExponentDigit = true
        index += 1
      }
      guard sawExponentDigit else { return nil }
      exponent += exponentNegative ? -explicitExponent : explicitExponent
    }
    guard index == count else { return nil }

    let magnitude: Double
    if significand == 0 {
      magnitude = 0
    } else if truncated {
      return Double(String(decoding: text, as: UTF8.self))
    } else if significand <= 1 << 53 && exponent >= -22 && exponent <= 22 {
      // Clinger's fast path: both operands are exact, so one correctly rounded operation suffices.
      let power = exactPowersOfTen[exponent < 0 ? -exponent : exponent]
      magnitude = exponent < 0 ? Double(significand) / power : Double(significand) * power
    } else if let value = eiselLemire(significand, exponent) {
      magnitude = value
    } else {
      return Double(String(decoding: text, as: UTF8.self))
    }
    return negative ? -magnitude : magnitude
  }

  private static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  private static func parseName(_ text: UnsafeBufferPointer<UInt8>, negative: Bool) -> Double? {
    func equalsIgnoringCase(_ name: StaticString) -> Bool {
      guard text.count == name.utf8CodeUnitCount else { return false }
      for offset in 0..<text.count where text[offset] | 0x20 != name.utf8Start[offset] {
        return false
      }
      return true
    }
    if equalsIgnoringCase("inf") || equalsIgnoringCase("infinity") {
      return negative ? -.infinity : .infinity
    }
    if equalsIgnoringCase("nan") { return negative ? -.nan : .nan }
    return nil
  }

  /// The double nearest to `significand` × 10^`exponent` (significand nonzero, at most 19 digits),
  /// or nil in the (theoretically impossible) case the 128-bit product cannot decide the rounding.
  private static func eiselLemire(_ significand: UInt64, _ exponent: Int) -> Double? {
    if exponent < smallestPowerOfFive { return 0 }
    if exponent > largestPowerOfFive { return .infinity }
    let leadingZeros = significand.leadingZeroBitCount
    let normalized = significand << UInt64(leadingZeros)
    let index = 2 * (exponent - smallestPowerOfFive)
    var (high, low) = normalized.multipliedFullWidth(by: powersOfFive[index])
    // 52 explicit mantissa bits + 3 bits to decide the rounding.
    let precisionMask: UInt64 = .max >> 55
    if high & precisionMask == precisionMask {
      let (secondHigh, _) = normalized.multipliedFullWidth(by: powersOfFive[index + 1])
      low = low &+ secondHigh
      if secondHigh > low { high &+= 1 }
      if low == .max && (exponent < -27 || exponent > 55) { return nil }
    }
    let upperBit = Int(high >> 63)
    let shift = UInt64(upperBit + 64 - 52 - 3)
    var mantissa = high >> shift
    // floor(log2(10^q)) + 63, then the offsets of normalisation and of the exponent bias (1023).
    var power2 = ((152_170 + 65_536) * exponent) >> 16 + 63 + upperBit - leadingZeros + 1023
    if power2 <= 0 {
      // Subnormal (or zero).
      if -power2 + 1 >= 64 { return 0 }
      mantissa >>= UInt64(-power2 + 1)
      mantissa += mantissa & 1
      mantissa >>= 1
      power2 = mantissa < 1 << 52 ? 0 : 1
      return Double(bitPattern: UInt64(power2) << 52 | (mantissa & ((1 << 52) - 1)))
    }
    // Exactly halfway between two doubles: round to even instead of up.
    if low <= 1 && exponent >= -4 && exponent <= 23 && mantissa & 3 == 1 && mantissa << shift == high {
      mantissa &= ~1
    }
    mantissa += mantissa & 1
    mantissa >>= 1
    if mantissa >= 2 << 52 {
      mantissa = 1 << 52
      power2 += 1
    }
    mantissa &= ~(1 << 52)
    if power2 >= 0x7FF { return .infinity }
    return Double(bitPattern: UInt64(power2) << 52 | mantissa)
  }
}
