import FoundationEssentials

/// Range against time as a straight line, weighted by each measurement's own uncertainty and the
/// strike scatter: the rate of change of range when nothing better is known.
struct StraightLineTrend: Sendable {
  /// Two points always lie on a line; the third is the first that can show scatter.
  static let minimumCount = 3

  let clock: ObservationClock
  let fit: ScatteredLeastSquares

  /// The fit, or nil when the observations have no spread in time.
  init?(_ observations: [RangeObservation], clock: ObservationClock, fixedScatter: Double? = nil) {
    guard
      let fit = ScatteredLeastSquares(
        start: [observations.map(\.distance).reduce(0, +) / Double(observations.count), 0],
        fixedScatter: fixedScatter,
        evaluate: { parameters in
          observations.map {
            let time = clock.seconds($0.date)
            return ResidualComponent(
              residual: parameters[0] + parameters[1] * time - $0.distance,
              ownVariance: $0.uncertainty * $0.uncertainty, gradient: [1, time])
          }
        })
    else { return nil }
    self.clock = clock
    self.fit = fit
  }

  /// Change of range per second, metres per second; negative while approaching.
  var rate: Double { fit.parameters[1] }
  var rateError: Double { fit.covariance[1, 1].squareRoot() }

  func range(at date: Date) -> Double { fit.parameters[0] + rate * clock.seconds(date) }

  /// When the line reaches `distance`, if it is falling towards it.
  func date(reaching distance: Double) -> Date? {
    guard rate < 0 else { return nil }
    return clock.date((distance - fit.parameters[0]) / rate)
  }
}
