import StormrangeBase

#if canImport(Glibc)
  import Glibc
#endif

/// How a value and its standard error are rounded for text: the error to one significant digit,
/// or two when that digit, once rounded, is 1 (`0.159` → `0.16`, `0.096` → `0.10`, `9.6` → `10`;
/// but `0.23` → `0.2`, `1.96` → `2`), and the value to the same decimal place (`7.5507 ± 0.159` →
/// `7.55 ± 0.16`, `36.3 ± 2.6` → `36 ± 3`, `36.3 ± 23` → `40 ± 20`).
///
/// An error never reads as 0: one below the finest place a quantity is shown to (0 included, and
/// a negative one) is shown as `<` that place, with the value to that place: `12.00 ± <0.01`. An
/// error that is not finite is `?`.
enum ErrorRounding {
  /// `value` and `error` as text, both to the place of `error`'s last significant digit, and never
  /// to more decimals than `finestPlace` (a power of ten: -2 for hundredths).
  static func round(_ value: Double, error: Double, finestPlace: Int) -> (value: String, error: String) {
    let place = place(of: error, finestPlace: finestPlace)
    guard error.isFinite, error >= power(finestPlace) else {
      return (fixed(value, place: place), error.isFinite ? "<" + fixed(power(place), place: place) : "?")
    }
    return (fixed(value, place: place), fixed(error, place: place))
  }

  /// The place (a power of ten) a value with this error is shown to: that of the error's last
  /// significant digit, or `finestPlace` when that is finer or the error is too small to show.
  static func place(of error: Double, finestPlace: Int) -> Int {
    guard error.isFinite, error >= power(finestPlace) else { return finestPlace }
    return max(finestPlace, lastSignificantPlace(error))
  }

  /// The power of ten of the last digit an error of `error` (> 0) is shown to: -2 for 0.159 (0.16),
  /// -1 for 0.23 (0.2) and 0.96 (1.0), 0 for 1.96 (2) and 9.6 (10), 1 for 23 (20).
  static func lastSignificantPlace(_ error: Double) -> Int {
    var exponent = Int(log10(error).rounded(.down))
    // log10 can land on the wrong side of a power of ten; the mantissa must be in [1, 10).
    if power(exponent) > error { exponent -= 1 }
    if power(exponent + 1) <= error { exponent += 1 }
    let mantissa = error / power(exponent)
    // A first digit that stays 1 once rounded keeps a second digit (1.00–1.94: 1.0–1.9); so does
    // one that rounds up to 1 (9.5 and over), whose second digit is the 0 of 10, at the place of
    // the first. The small margin keeps a mantissa of 1.95 that division left just under it at 2.
    return mantissa < 1.95 - 1e-9 ? exponent - 1 : exponent
  }

  /// `value` rounded half away from zero to the place `place` (a power of ten): `fixed(7.5507,
  /// place: -2)` is `7.55`, `fixed(36.3, place: 1)` is `40`.
  static func fixed(_ value: Double, place: Int) -> String {
    guard place > 0 else { return FixedPoint.fixed(value, digits: -place) }
    let step = power(place)
    return FixedPoint.fixed((value / step).rounded(.toNearestOrAwayFromZero) * step, digits: 0)
  }

  /// 10 to the power `exponent`, exact for the powers of ten a Double holds exactly.
  static func power(_ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<abs(exponent) { result *= 10 }
    return exponent < 0 ? 1 / result : result
  }
}
