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
