/// How likely one observation is, given where the storm's centre is: the measurement model of the
/// nowcast, as the logarithm of a likelihood (up to a constant per observation, which the filter
/// does not need).
///
/// A strike is somewhere around the centre: its distance is the centre's range with a spread of the
/// storm's scatter. How the range relates to that distance depends on what made it
/// (``SensorRange``: ``EarsRange``, ``AS3935Range``, ``DetectorRange``); a bearing, when there is
/// one, adds its own (``BearingLikelihood``).
struct RangeLikelihood<Range: SensorRange>: Sendable {
  let range: Range
  let bearing: BearingLikelihood?

  /// The log-likelihood of the observation if the centre is at `particle`.
  func logLikelihood(_ particle: StormParticle) -> Double {
    let centreRange = particle.range
    let scatter = particle.scatter
    // The distance to a strike scattered around the centre: near the centre the scatter cannot
    // make it negative, and its mean is more than the centre's range (r + s²/2r far out).
    let strike = (centreRange * centreRange + scatter * scatter).squareRoot()
    var result = range.logLikelihood(strike: strike, scatter: scatter)
    if let bearing, centreRange > 0 {
      result += bearing.logLikelihood(
        east: particle.east, north: particle.north, range: centreRange, scatter: scatter)
    }
    return result
  }
}
