/// A detector's range other than an AS3935's step (``RangeObservation/Sensor/detector``):
/// ±``DistanceUncertainty/detectorFraction`` of the distance to the strike.
struct DetectorRange: SensorRange {
  /// Metres, as the detector gave it.
  let distance: Double

  init(_ observation: RangeObservation) {
    distance = observation.distance
  }

  var seedSpan: (nearest: Double, farthest: Double) {
    let margin = NowcastConstants.seedScatterMargin * NowcastConstants.scatterRange.upperBound
    let span = NowcastConstants.detectorSeedSpan
    return (
      max(span.nearest * distance - margin, NowcastConstants.nearestSeed), span.farthest * distance + margin
    )
  }

  func logLikelihood(strike: Double, scatter: Double) -> Double {
    let fraction = DistanceUncertainty.detectorFraction * strike
    return StudentT.logDensity(distance - strike, variance: fraction * fraction + scatter * scatter)
  }
}
