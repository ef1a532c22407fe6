import StormrangeBase
import StormrangeDomain

/// Distances and speeds as text in a unit: `2.06 km`, `24 km/h`. Rendering, not the domain: the
/// domain knows what a unit is (``DistanceUnit/metresPerUnit``), the application how it is written.
/// A value with a ± beside it is written by ``PlusMinusText``.
extension DistanceUnit {
  /// `2059.2` metres as `2.06 km`, `2059 m`, `1.28 mi`, `6756 ft`, `1.11 nmi`; a distance under
  /// 0.1 km, 0.1 mi or 0.1 nmi in metres or feet (``shown(forMetres:)``): `1 m`, not `0.00 km`.
  func format(metres: Double) -> String {
    let unit = shown(forMetres: metres)
    let value = metres / unit.metresPerUnit
    return "\(FixedPoint.fixed(value, digits: unit.decimals)) \(unit.rawValue)"
  }

  /// The unit a distance of `metres` is shown in: this one, or for a distance under a tenth of a
  /// kilometre or nautical mile metres, and under a tenth of a mile feet.
  func shown(forMetres metres: Double) -> DistanceUnit {
    guard abs(metres) < metresPerUnit / 10 else { return self }
    switch self {
    case .kilometres, .nauticalMiles: return .metres
    case .miles: return .feet
    case .metres, .feet: return self
    }
  }

  /// The decimals a distance is shown with when it has no error beside it.
  var decimals: Int { self == .metres || self == .feet ? 0 : 2 }

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
    let value = speed * speedUnit.perMetrePerSecond
    return "\(FixedPoint.fixed(value, digits: abs(value) < 9.95 ? 1 : 0)) \(speedUnit.name)"
  }

  /// The unit speeds are shown in, and how many of it make 1 m/s: km/h (3.6), or mph for miles
  /// and feet.
  var speedUnit: (name: String, perMetrePerSecond: Double) {
    self == .miles || self == .feet ? ("mph", 3600 / 1609.344) : ("km/h", 3.6)
  }
}
