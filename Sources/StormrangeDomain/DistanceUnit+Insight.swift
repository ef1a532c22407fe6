import StormrangeBase

extension DistanceUnit {
  /// `24 km/h`, or `15 mph` for miles and feet; one decimal below 10.
  public func formatSpeed(metresPerSecond speed: Double) -> String {
    let value = speed * speedUnit.perMetrePerSecond
    return "\(FixedPoint.fixed(value, digits: abs(value) < 9.95 ? 1 : 0)) \(speedUnit.name)"
  }

  /// The unit speeds are shown in, and how many of it make 1 m/s: km/h (3.6), or mph for miles
  /// and feet.
  public var speedUnit: (name: String, perMetrePerSecond: Double) {
    isImperial ? ("mph", 3600 / 1609.344) : ("km/h", 3.6)
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
