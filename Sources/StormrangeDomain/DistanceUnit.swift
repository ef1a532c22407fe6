import StormrangeBase

/// A unit distances are shown in; measurements are always stored in metres. How a distance or speed
/// is written in it is the application's (`DistanceUnit+Text` in the Kit).
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
}
