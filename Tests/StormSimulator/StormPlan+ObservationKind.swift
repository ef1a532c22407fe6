extension StormPlan {
  /// Which of the population's ways of observing this plan uses; nil for one it does not draw (a
  /// ±10 % detector, or an AS3935 before ears).
  package var observationKind: ObservationKind? {
    switch instruments {
    case .as3935: return .as3935
    case .ears:
      guard reportsBearings else { return .rangesOnly }
      return habits.bearingRounding == .fiveDegrees ? .degrees : .compassPoints
    case .detector10, .as3935ThenEars: return nil
    }
  }
}
