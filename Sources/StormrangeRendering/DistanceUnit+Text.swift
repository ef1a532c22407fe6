import StormrangeBase
import StormrangeDomain

/// Distances and speeds as text in a unit: `2.06 km`, `24 km/h`. Rendering, not the domain: the
/// domain knows what a unit is (``DistanceUnit/metresPerUnit``), the application how it is written.
/// A value with a ± beside it is written by ``PlusMinusText``.
extension DistanceUnit {
  /// `2059.2` metres as `2.06 km`, `2059 m`, `1.28 mi`, `6756 ft`, `1.11 nmi`; a distance under
  /// 0.1 km, 0.1 mi or 0.1 nmi in metres or feet (``shown(forMetres:)``): `1 m`, not `0.00 km`.
  package func format(metres: Double) -> String {
    var bytes: [UInt8] = []
    append(metres: metres, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends ``format(metres:)``'s text to `bytes`, for a listing.
  package func append(metres: Double, to bytes: inout [UInt8]) {
    let unit = shown(forMetres: metres)
    FixedPoint.append(metres / unit.metresPerUnit, digits: unit.decimals, to: &bytes)
    bytes.append(UInt8(ascii: " "))
    bytes.append(contentsOf: unit.rawValue.utf8)
  }

  /// The unit a distance of `metres` is shown in: this one, or for a distance under a tenth of a
  /// kilometre or nautical mile metres, and under a tenth of a mile feet.
  package func shown(forMetres metres: Double) -> DistanceUnit {
    guard abs(metres) < metresPerUnit / 10 else { return self }
    switch self {
    case .kilometres, .nauticalMiles: return .metres
    case .miles: return .feet
    case .metres, .feet: return self
    }
  }

  /// A round metric distance the advice is stated in, with its value in this unit when that is
  /// not metric, as round as the kilometres (whole units, at most two significant digits; `about 10
  /// km` is not 6.21 miles): `10 km`, `10 km (6 mi)`, `2.5 km (8200 ft)`.
  func formatRoundKilometres(_ metres: Double) -> String {
    let value = metres / 1000
    let kilometres =
      "\(value == value.rounded() ? String(Int(value)) : FixedPoint.fixed(value, digits: 1)) km"
    guard self != .kilometres, self != .metres else { return kilometres }
    let converted = (metres / metresPerUnit).rounded()
    var step = 1.0
    while converted / step >= 100 { step *= 10 }
    return "\(kilometres) (\(Int((converted / step).rounded() * step)) \(rawValue))"
  }

  /// The most a detector's distance typed in this unit may be: ``MeasurementRules/maximumTypedDistance``
  /// as this unit shows it (111.95 km, 367303 ft), compared as typed.
  package var typedLimit: Double {
    let scale = (0..<decimals).reduce(1.0) { scale, _ in scale * 10 }
    return (MeasurementRules.maximumTypedDistance / metresPerUnit * scale).rounded(.down) / scale
  }

  /// ``typedLimit`` as messages state it: `111.95 km`.
  package var typedLimitText: String { "\(FixedPoint.fixed(typedLimit, digits: decimals)) \(rawValue)" }

  /// `24 km/h`, or `15 mph` for miles and feet; one decimal below 10.
  func formatSpeed(metresPerSecond speed: Double) -> String {
    let value = speed * speedUnit.perMetrePerSecond
    return "\(FixedPoint.fixed(value, digits: abs(value) < 9.95 ? 1 : 0)) \(speedUnit.name)"
  }

  /// `45 km/h`: a speed as an upper bound, rounded up to a multiple of 5 of the speed unit, for
  /// "up to about …".
  func formatSpeedUpTo(metresPerSecond speed: Double) -> String {
    let value = max(speed * speedUnit.perMetrePerSecond, 0)
    return "\(Int((value / 5).rounded(.up)) * 5) \(speedUnit.name)"
  }

  /// `6 km`: a distance as an upper bound, rounded up to a whole unit (km, mi, nmi; m and ft to
  /// a hundred), for "within 0–6 km".
  func formatWholeUpTo(metres: Double) -> String {
    let step = self == .metres || self == .feet ? 100.0 : 1.0
    let value = max(metres / metresPerUnit, 0)
    return "\(Int((value / step).rounded(.up) * step)) \(rawValue)"
  }

  /// The unit speeds are shown in, and how many of it make 1 m/s: km/h (3.6), or mph for miles
  /// and feet.
  var speedUnit: (name: String, perMetrePerSecond: Double) {
    self == .miles || self == .feet ? ("mph", 3600 / 1609.344) : ("km/h", 3.6)
  }
}
