import StormrangeBase

/// A unit distances are shown in; measurements are always stored in metres.
public enum DistanceUnit: String, CaseIterable, Sendable {
  case kilometres = "km"
  case metres = "m"
  case miles = "mi"
  case feet = "ft"
  case nauticalMiles = "nmi"

  /// The unit named by a word typed in any case (`MI`, `Km`); nil when it names none.
  public init?(word: some StringProtocol) {
    guard let name = word.word(among: Self.allCases.map(\.rawValue)) else { return nil }
    self.init(rawValue: name)
  }

  public var metresPerUnit: Double {
    switch self {
    case .kilometres: 1000
    case .metres: 1
    case .miles: 1609.344
    case .feet: 0.3048
    case .nauticalMiles: 1852
    }
  }

  /// Imperial units show speeds in mph, metric ones in km/h.
  public var isImperial: Bool { self == .miles || self == .feet }

  /// `2059.2` metres as `2.06 km`, `2059 m`, `1.28 mi`, `6756 ft`, `1.11 nmi`; a distance under
  /// 0.1 km, 0.1 mi or 0.1 nmi in metres or feet (``shown(forMetres:)``): `1 m`, not `0.00 km`.
  public func format(metres: Double) -> String {
    let unit = shown(forMetres: metres)
    let value = metres / unit.metresPerUnit
    return "\(FixedPoint.fixed(value, digits: unit.decimals)) \(unit.rawValue)"
  }

  /// The unit a distance of `metres` is shown in: this one, or for a distance under a tenth of a
  /// kilometre or nautical mile metres, and under a tenth of a mile feet.
  public func shown(forMetres metres: Double) -> DistanceUnit {
    guard abs(metres) < metresPerUnit / 10 else { return self }
    switch self {
    case .kilometres, .nauticalMiles: return .metres
    case .miles: return .feet
    case .metres, .feet: return self
    }
  }

  /// The decimals a distance is shown with when it has no error beside it.
  public var decimals: Int { self == .metres || self == .feet ? 0 : 2 }
}
