/// How a storm of the population (``StormPopulation``) is observed: the four ways stormrange is
/// used, in equal parts, so that the chances are scored on each.
package enum ObservationKind: String, Equatable, Sendable, CaseIterable {
  /// Timed thunder, without bearings: ears alone.
  case rangesOnly
  /// Timed thunder with a bearing rounded to 5°.
  case degrees
  /// Timed thunder with a bearing rounded to the nearest of the 16 compass points.
  case compassPoints
  /// An AS3935 sensor alone.
  case as3935

  /// `ranges only`, for tables.
  package var label: String {
    switch self {
    case .rangesOnly: "ranges only"
    case .degrees: "degrees"
    case .compassPoints: "compass points"
    case .as3935: "AS3935"
    }
  }

  var bearings: StormPlan.Bearings {
    switch self {
    case .rangesOnly, .as3935: .none
    case .degrees: .rounded(.fiveDegrees)
    case .compassPoints: .rounded(.compassPoints)
    }
  }

  var instruments: Instruments { self == .as3935 ? .as3935 : .ears }
}
