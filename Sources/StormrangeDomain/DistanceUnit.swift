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

  /// `5.00 ± 1.38 km` (`plusMinus` is `±` or `+/-`).
  public func format(metres: Double, error: Double, plusMinus: String) -> String {
    let value = format(metres: metres)
    return "\(value.prefix { $0 != " " }) \(plusMinus) \(format(metres: error))"
  }

  /// `2059.2` metres as `2.06 km`, `2059 m`, `1.28 mi`, `6756 ft`, `1.11 nmi`.
  public func format(metres: Double) -> String {
    let value = metres / metresPerUnit
    let digits = (self == .metres || self == .feet) ? 0 : 2
    return "\(FixedPoint.fixed(value, digits: digits)) \(rawValue)"
  }
}
