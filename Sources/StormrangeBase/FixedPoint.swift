/// Fixed-point formatting without Foundation's `String(format:)` (which needs the full Foundation).
public enum FixedPoint {
  /// `value` rounded half away from zero to `digits` decimals: `fixed(2.0594, digits: 2)` is `"2.06"`.
  public static func fixed(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    var scale: Double = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
    guard scaled < 9e15 else { return "\(value)" }
    let units = UInt64(scaled)
    let whole = units / UInt64(scale)
    let fraction = units % UInt64(scale)
    let negative = value < 0 && units != 0
    var text = (negative ? "-" : "") + String(whole)
    if digits > 0 {
      let fractionText = String(fraction)
      text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }
    return text
  }
}
