/// An AS3935's step (``RangeObservation/Sensor/as3935``): the chip's estimate is the strike's
/// distance times a lognormal factor (``NowcastConstants/as3935LogSpread``), and the reading is the
/// step whose interval holds it (``AS3935``); an estimate past the last step is "out of range", no
/// reading. So the last step, 40 km, means "38.5 km or more": a storm leaving 40 km keeps reading
/// 40 until it reads nothing.
struct AS3935Range: SensorRange {
  /// The top of the reading's interval, metres.
  let upperBound: Double
  /// Whether the reading is the chip's last step, which means "or more".
  let isLastStep: Bool
  /// The logarithms of the interval's bounds (metres); the lower is -∞ for the first step, which
  /// starts at 0.
  private let logInterval: (lower: Double, upper: Double)

  /// The chip's last step, metres.
  private static let lastStep = (AS3935.stepsKilometres.last ?? 0) * 1_000
  /// The logarithm of the top of the last step's interval, metres: past it the chip reports "out
  /// of range".
  private static let logLimit = Math.log(AS3935.interval(forMetres: lastStep)?.upperBound ?? lastStep)
  /// The logarithm of how far the chip hears lightning at all, metres
  /// (``NowcastConstants/as3935Reach``).
  private static let logReach = Math.log(NowcastConstants.as3935Reach)

  /// The reading of `observation`; nil when its distance is not one of the chip's steps.
  init?(_ observation: RangeObservation) {
    guard let interval = AS3935.interval(forMetres: observation.distance) else { return nil }
    upperBound = interval.upperBound
    isLastStep = observation.distance == Self.lastStep
    logInterval = (
      interval.lowerBound > 0 ? Math.log(interval.lowerBound) : -Double.infinity,
      Math.log(interval.upperBound)
    )
  }

  var seedSpan: (nearest: Double, farthest: Double) {
    let reach = isLastStep ? NowcastConstants.as3935LastStepSeedReach : NowcastConstants.as3935SeedReach
    return (
      NowcastConstants.nearestSeed,
      reach * upperBound + NowcastConstants.seedScatterMargin * NowcastConstants.scatterRange.upperBound
    )
  }

  func logLikelihood(strike: Double, scatter: Double) -> Double {
    let logSpread =
      (NowcastConstants.as3935LogSpread * NowcastConstants.as3935LogSpread + scatter * scatter
      / (strike * strike))
      .squareRoot()
    let logStrike = Math.log(strike)
    let upper = Math.normalCDF((logInterval.upper - logStrike) / logSpread)
    let lower = logInterval.lower.isFinite ? Math.normalCDF((logInterval.lower - logStrike) / logSpread) : 0
    // The chip gives a distance only when its estimate is within its last step; beyond, it says
    // "out of range", which is no reading. So a reading is as likely as its step is among the
    // steps the chip can give from there, and a far storm's readings bunch in the last one: 40 km
    // means "38.5 km or more". But the chip hears lightning only so far (its datasheet: 40 km),
    // so a storm well past that gives no reading at all (``logReach``); without that, a run of
    // 40 km readings would carry the storm ever farther out. `inRange` is kept off 0 only so that
    // it can divide.
    let inRange = Math.normalCDF((Self.logLimit - logStrike) / logSpread)
    let heard = Math.normalCDF((Self.logReach - logStrike) / NowcastConstants.as3935ReachSpread)
    return Math.log(heard * max(upper - lower, 0) / max(inRange, 1e-12) + NowcastConstants.as3935StrayReading)
  }
}
