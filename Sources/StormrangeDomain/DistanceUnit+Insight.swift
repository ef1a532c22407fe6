import StormrangeBase

extension DistanceUnit {
  /// `24 km/h`, or `15 mph` for miles and feet; one decimal below 10.
  public func formatSpeed(metresPerSecond speed: Double) -> String {
    let value = isImperial ? speed * 3600 / 1609.344 : speed * 3.6
    return "\(FixedPoint.fixed(value, digits: abs(value) < 9.95 ? 1 : 0)) \(isImperial ? "mph" : "km/h")"
  }

  /// A round metric distance the advice is stated in, with its value in this unit when that is
  /// not metric: `10 km`, `10 km (6.21 mi)`.
  public func formatRoundKilometres(_ metres: Double) -> String {
    let value = metres / 1000
    let kilometres =
      "\(value == value.rounded() ? String(Int(value)) : FixedPoint.fixed(value, digits: 1)) km"
    return self == .kilometres || self == .metres ? kilometres : "\(kilometres) (\(format(metres: metres)))"
  }
}

extension DistanceUnit {
  /// `24 ± 6 km/h` (`plusMinus` is `±` or `+/-`), or `15 ± 4 mph` for miles and feet; both with one
  /// decimal when the speed is below 10.
  public func formatSpeed(metresPerSecond speed: Double, error: Double, plusMinus: String) -> String {
    let scale = isImperial ? 3600 / 1609.344 : 3.6
    let digits = abs(speed * scale) < 9.95 ? 1 : 0
    return "\(FixedPoint.fixed(speed * scale, digits: digits)) \(plusMinus) "
      + "\(FixedPoint.fixed(error * scale, digits: digits)) \(isImperial ? "mph" : "km/h")"
  }
}
