import StormrangeBase

/// A unit distances are shown in; measurements are always stored in metres. How a distance or speed
/// is written in it is the application's (`DistanceUnit+Text` in the Kit).
package enum DistanceUnit: String, CaseIterable, Sendable {
  case kilometres = "km"
  case metres = "m"
  case miles = "mi"
  case feet = "ft"
  case nauticalMiles = "nmi"

  /// The unit named by a word typed in any case (`MI`, `Km`); nil when it names none.
  package init?(word: some StringProtocol) {
    guard let name = word.word(among: Self.allCases.map(\.rawValue)) else { return nil }
    self.init(rawValue: name)
  }

  /// The decimals a distance is shown with when it has no error beside it, and a limit on what is
  /// typed in the unit is stated with (``MeasurementRules/maximumTypedDistance``): the one thing
  /// about writing a distance the domain's messages need.
  package var decimals: Int { self == .metres || self == .feet ? 0 : 2 }

  package var metresPerUnit: Double {
    switch self {
    case .kilometres: 1000
    case .metres: 1
    case .miles: 1609.344
    case .feet: 0.3048
    case .nauticalMiles: 1852
    }
  }
}
