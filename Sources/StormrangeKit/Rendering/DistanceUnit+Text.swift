import StormrangeBase
import StormrangeDomain

/// Distances and speeds as text in a unit: `2.06 km`, `24 km/h`, `15 ± 4 mph`. Rendering, not the
/// domain: the domain knows what a unit is (``DistanceUnit/metresPerUnit``), the application how it
/// is written.
extension DistanceUnit {
  /// `2059.2` metres as `2.06 km`, `2059 m`, `1.28 mi`, `6756 ft`, `1.11 nmi`.
  func format(metres: Double) -> String {
    let value = metres / metresPerUnit
    let digits = (self == .metres || self == .feet) ? 0 : 2
    return "\(FixedPoint.fixed(value, digits: digits)) \(rawValue)"
  }

  /// `5.00 ± 1.38 km` (`plusMinus` is `±` or `+/-`).
  func format(metres: Double, error: Double, plusMinus: String) -> String {
    let value = format(metres: metres)
    return "\(value.prefix { $0 != " " }) \(plusMinus) \(format(metres: error))"
  }

  /// A round metric distance the advice is stated in, with its value in this unit when that is
  /// not metric: `10 km`, `10 km (6.21 mi)`.
  func formatRoundKilometres(_ metres: Double) -> String {
    let value = metres / 1000
    let kilometres =
      "\(value == value.rounded() ? String(Int(value)) : FixedPoint.fixed(value, digits: 1)) km"
    return self == .kilometres || self == .metres ? kilometres : "\(kilometres) (\(format(metres: metres)))"
  }

  /// `24 km/h`, or `15 mph` for miles and feet; one decimal below 10.
  func formatSpeed(metresPerSecond speed: Double) -> String {
    let value = isImperial ? speed * 3600 / 1609.344 : speed * 3.6
    return "\(FixedPoint.fixed(value, digits: abs(value) < 9.95 ? 1 : 0)) \(speedUnit)"
  }

  /// `24 ± 6 km/h` (`plusMinus` is `±` or `+/-`), or `15 ± 4 mph` for miles and feet; both with one
  /// decimal when the speed is below 10.
  func formatSpeed(metresPerSecond speed: Double, error: Double, plusMinus: String) -> String {
    let scale = isImperial ? 3600 / 1609.344 : 3.6
    let digits = abs(speed * scale) < 9.95 ? 1 : 0
    return "\(FixedPoint.fixed(speed * scale, digits: digits)) \(plusMinus) "
      + "\(FixedPoint.fixed(error * scale, digits: digits)) \(speedUnit)"
  }

  /// Imperial units (miles, feet) show speeds in mph, metric ones in km/h.
  private var isImperial: Bool { self == .miles || self == .feet }
  private var speedUnit: String { isImperial ? "mph" : "km/h" }
}
