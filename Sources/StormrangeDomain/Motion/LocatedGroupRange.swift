/// A located group's range (``RangeObservation/Sensor/located(strikes:)``): the range of the mean
/// position of its strikes, each placed by the network within its error and scattered about the
/// storm's centre by the storm's scatter. Both are averaged over the group, so both shrink by the
/// square root of its count: the observation's uncertainty is already the network's error so
/// reduced (``DistanceUncertainty/locatedMetres(_:)``), and the scatter is reduced here. A mean of
/// strikes is no nearest part of a channel, so there is no bias as a timed range has.
struct LocatedGroupRange: SensorRange {
  /// Metres from the observer to the group's mean position.
  let distance: Double
  /// The network's error of that mean, metres.
  let uncertainty: Double
  /// Its count of strikes, at least 1.
  let strikes: Double

  init(_ observation: RangeObservation, strikes: Int) {
    distance = observation.distance
    uncertainty = observation.uncertainty
    self.strikes = Double(max(strikes, 1))
  }

  var seedSpan: (nearest: Double, farthest: Double) {
    let spread =
      NowcastConstants.earsSeedDeviations
      * (uncertainty + NowcastConstants.scatterRange.upperBound / strikes.squareRoot())
    return (max(distance - spread, NowcastConstants.nearestSeed), distance + spread)
  }

  func logLikelihood(strike: Double, scatter: Double) -> Double {
    StudentT.logDensity(distance - strike, variance: uncertainty * uncertainty + scatter * scatter / strikes)
  }
}
