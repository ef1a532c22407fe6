/// How likely one observation is, given where the storm's centre is: the measurement model of the
/// nowcast, as the logarithm of a likelihood (up to a constant per observation, which the filter
/// does not need).
///
/// A strike is somewhere around the centre: its distance is the centre's range with a spread of the
/// storm's scatter. On top of that:
/// - **Ears:** thunder comes first from the nearest part of the channel, so the range is short by
///   about ``NowcastModel/nearestChannelBias``; the taps have the measurement's own error plus a
///   net lateness (``NowcastModel/tapBias``).
/// - **AS3935:** the chip's estimate is the strike's distance times a lognormal factor, and the
///   reading is the step whose interval holds it; an estimate past the last step is "out of
///   range", no reading. So the last step, 40 km, means "38.5 km or more": a storm leaving 40 km
///   keeps reading 40 until it reads nothing.
/// - **Other detectors:** ±10 % of the distance.
/// - **Bearings:** judged by eye, the strike's own direction off the centre's, and rounded to
///   a compass point or to 5° when the value says it may have been.
/// Ranges and bearings have Student's t tails (``NowcastModel/tailDegrees``).
struct RangeLikelihood: Sendable {
  let observation: RangeObservation
  /// For an AS3935 reading: the logarithms of its interval's bounds (metres).
  private let logInterval: (lower: Double, upper: Double)?
  private let bearingSpread: Double?
  private let ownVariance: Double

  init(_ observation: RangeObservation) {
    self.observation = observation
    switch observation.sensor {
    case .as3935:
      let interval = AS3935.interval(forMetres: observation.distance)
      logInterval = interval.map { interval in
        (
          interval.lowerBound > 0 ? Math.log(interval.lowerBound) : -Double.infinity,
          Math.log(interval.upperBound)
        )
      }
      ownVariance = 0
    case .ears:
      logInterval = nil
      let tapBias = NowcastModel.tapBias * SpeedOfSound.metresPerSecond(celsius: 20)
      ownVariance =
        observation.uncertainty * observation.uncertainty + tapBias * tapBias
        + NowcastModel.nearestChannelSpread * NowcastModel.nearestChannelSpread
    case .detector:
      logInterval = nil
      ownVariance = observation.uncertainty * observation.uncertainty
    }
    bearingSpread = observation.bearing.map(Self.bearingSpread(of:))
  }

  /// The logarithm of the top of the AS3935's last step, metres: past it the chip reports "out of
  /// range".
  private static let as3935Limit = Math.log(
    AS3935.interval(forMetres: (AS3935.stepsKilometres.last ?? 40) * 1_000)?.upperBound ?? 41_500)

  /// The logarithm of how far the AS3935 hears lightning at all, metres (``NowcastModel/as3935Reach``).
  private static let as3935Reach = Math.log(NowcastModel.as3935Reach)

  /// Degrees, one standard deviation, of a bearing as given: the eye's error and, when the value
  /// is a multiple of a rounding step, that step's rounding error.
  static func bearingSpread(of bearing: Double) -> Double {
    let eye = NowcastModel.bearingError
    var variance = eye * eye
    for step in [NowcastModel.compassStep, NowcastModel.roundStep] {
      let remainder = bearing.truncatingRemainder(dividingBy: step)
      if abs(remainder) < 1e-6 || abs(remainder - step) < 1e-6 {
        variance += step * step / 12
        break
      }
    }
    return variance.squareRoot()
  }

  /// The log-likelihood of the observation if the centre is at `particle`.
  func logLikelihood(_ particle: StormParticle) -> Double {
    let range = particle.range
    let scatter = particle.scatter
    // The distance to a strike scattered around the centre: near the centre the scatter cannot
    // make it negative, and its mean is more than the centre's range (r + s²/2r far out).
    let strike = (range * range + scatter * scatter).squareRoot()
    var result: Double
    if let logInterval {
      let logSpread =
        (NowcastModel.as3935LogSpread * NowcastModel.as3935LogSpread + scatter * scatter / (strike * strike))
        .squareRoot()
      let logStrike = Math.log(strike)
      let upper = Math.normalCDF((logInterval.upper - logStrike) / logSpread)
      let lower = logInterval.lower.isFinite ? Math.normalCDF((logInterval.lower - logStrike) / logSpread) : 0
      // The chip gives a distance only when its estimate is within its last step; beyond, it says
      // "out of range", which is no reading. So a reading is as likely as its step is among the
      // steps the chip can give from there, and a far storm's readings bunch in the last one: 40 km
      // means "38.5 km or more". But the chip hears lightning only so far (its datasheet: 40 km),
      // so a storm well past that gives no reading at all (``as3935Reach``); without that, a run
      // of 40 km readings would carry the storm ever farther out.
      let inRange = Math.normalCDF((Self.as3935Limit - logStrike) / logSpread)
      let heard = Math.normalCDF((Self.as3935Reach - logStrike) / NowcastModel.as3935ReachSpread)
      // A small floor: a reading from somewhere else entirely (another storm) is possible.
      result = Math.log(heard * max(upper - lower, 0) / max(inRange, 1e-12) + 1e-3)
    } else {
      let expected: Double
      let variance: Double
      switch observation.sensor {
      case .ears:
        expected = max(strike - NowcastModel.nearestChannelBias, 0)
        variance = ownVariance + scatter * scatter
      default:
        expected = strike
        let fraction = DistanceUncertainty.detectorFraction * strike
        variance = fraction * fraction + scatter * scatter
      }
      result = Self.logStudent(observation.distance - expected, variance: variance)
    }
    if let bearing = observation.bearing, let spread = bearingSpread, range > 0 {
      let centre = Math.bearingDegrees(east: particle.east, north: particle.north)
      let across = min(scatter / range, 1) * 180 / Double.pi
      let variance = spread * spread + across * across
      result += Self.logStudent(Math.wrappedDegrees(bearing - centre), variance: variance)
    }
    return result
  }

  /// Student's t log density of `difference`, scaled so its variance is `variance`, without its
  /// constant.
  private static func logStudent(_ difference: Double, variance: Double) -> Double {
    let nu = NowcastModel.tailDegrees
    let scale = variance * (nu - 2) / nu
    return -0.5 * Math.log(scale) - (nu + 1) / 2 * Math.log1p(difference * difference / (nu * scale))
  }
}
