/// A range timed by ear, from flash to thunder (``RangeObservation/Sensor/ears``): thunder comes
/// first from the nearest part of the channel, so the range is short by about
/// ``NowcastConstants/nearestChannelBias``, with ``NowcastConstants/nearestChannelSpread``; the
/// taps have the measurement's own error plus a net lateness (``NowcastConstants/tapBias``).
struct EarsRange: SensorRange {
  /// Metres, as timed.
  let distance: Double
  /// The measurement's own standard error, metres (``DistanceUncertainty``).
  let uncertainty: Double
  /// The variance of the range about the nearest part of the channel, metres²: the measurement's
  /// own, the taps' lateness and the channel's spread. The storm's scatter comes on top.
  private let ownVariance: Double

  /// A person's net lateness in tapping, in metres.
  private static let tapBias =
    NowcastConstants.tapBias * SpeedOfSound.metresPerSecond(celsius: NowcastConstants.tapBiasCelsius)

  init(_ observation: RangeObservation) {
    distance = observation.distance
    uncertainty = observation.uncertainty
    ownVariance =
      uncertainty * uncertainty + Self.tapBias * Self.tapBias
      + NowcastConstants.nearestChannelSpread * NowcastConstants.nearestChannelSpread
  }

  var seedSpan: (nearest: Double, farthest: Double) {
    let spread =
      NowcastConstants.earsSeedDeviations
      * (uncertainty + NowcastConstants.nearestChannelSpread + NowcastConstants.scatterRange.upperBound)
    return (
      max(distance - spread, NowcastConstants.nearestSeed),
      distance + NowcastConstants.nearestChannelBias + spread
    )
  }

  func logLikelihood(strike: Double, scatter: Double) -> Double {
    let expected = max(strike - NowcastConstants.nearestChannelBias, 0)
    return StudentT.logDensity(distance - expected, variance: ownVariance + scatter * scatter)
  }
}
