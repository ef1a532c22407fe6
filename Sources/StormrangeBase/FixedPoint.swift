/// Fixed-point formatting without Foundation's `String(format:)` (which needs the full Foundation).
package enum FixedPoint {
  /// `value` rounded half away from zero to `digits` decimals: `fixed(2.0594, digits: 2)` is `"2.06"`.
  package static func fixed(_ value: Double, digits: Int) -> String {
    guard let number = Rounded(value, digits: digits) else { return unrounded(value) }
    return String(unsafeUninitializedCapacity: number.length) { number.write(into: $0) }
  }

  /// Appends ``fixed(_:digits:)``'s text to `bytes`, as UTF-8, without making a string: for a
  /// listing of many numbers (`show` prints two a row).
  package static func append(_ value: Double, digits: Int, to bytes: inout [UInt8]) {
    guard let number = Rounded(value, digits: digits) else {
      bytes.append(contentsOf: unrounded(value).utf8)
      return
    }
    let start = bytes.count
    bytes.append(contentsOf: repeatElement(0, count: number.length))
    bytes.withUnsafeMutableBufferPointer { _ = number.write(into: .init(rebasing: $0[start...])) }
  }

  /// What is shown of a value too large, or not finite, to round: as Swift prints it.
  private static func unrounded(_ value: Double) -> String {
    value.isFinite ? "\(value)" : value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf")
  }

  /// A finite value rounded to a whole number of `digits`-th decimals, ready to be written.
  private struct Rounded {
    let negative: Bool
    /// The value's magnitude in units of the last decimal.
    let units: UInt64
    let digits: Int
    /// How many bytes the text takes: a sign, at least one digit before the point, the point and
    /// the decimals.
    let length: Int

    /// Nil for a value that is not finite or has more than 15 digits.
    init?(_ value: Double, digits: Int) {
      guard value.isFinite else { return nil }
      var scale: Double = 1
      for _ in 0..<digits { scale *= 10 }
      let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
      guard scaled < 9e15 else { return nil }
      units = UInt64(scaled)
      self.digits = digits
      negative = value < 0 && units != 0
      var figures = 1
      var rest = units / 10
      while rest > 0 {
        figures += 1
        rest /= 10
      }
      length = (negative ? 1 : 0) + max(figures, digits + 1) + (digits > 0 ? 1 : 0)
    }

    /// Writes the text into `buffer`, which holds at least ``length`` bytes, from its last figure
    /// back; returns ``length``.
    func write(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
      var position = length
      var rest = units
      func put(_ byte: UInt8) {
        position -= 1
        buffer[position] = byte
      }
      for _ in 0..<digits {
        put(UInt8(ascii: "0") + UInt8(rest % 10))
        rest /= 10
      }
      if digits > 0 { put(UInt8(ascii: ".")) }
      repeat {
        put(UInt8(ascii: "0") + UInt8(rest % 10))
        rest /= 10
      } while rest > 0
      if negative { put(UInt8(ascii: "-")) }
      return length
    }
  }
}
