/// The thresholds that decide what is reported of a storm's motion: when a direction, a speed, a
/// heading and an arrival are given at all, and how far ahead they look. What the nowcast assumes
/// of storms and measurements, and its own settings, are ``NowcastConstants``.
package enum MotionThresholds {
  /// How many measurements a direction, a rate and a motion need.
  package static let minimumCount = 3

  /// The share of the nowcast's hypotheses that must agree the range is falling (or rising)
  /// before the storm counts as approaching (or receding): 9 in 10.
  ///
  /// A share rather than "the rate is twice its ±": the hypotheses are a mixture, a storm that may
  /// have stopped a moment ago among them, so their standard deviation is wider than the spread of
  /// the likely courses and a 2σ test held back warnings of storms that were plainly coming (docs/
  /// science.md, "Changed since the first calibration run").
  package static let directionConfidence = 0.9

  /// How far short of ``directionConfidence`` a share may fall and still count: the rounding error
  /// of summing the weights of at most ``NowcastConstants/particleCount`` hypotheses (weights of
  /// 1/2000 summed 1800 times come to a hair under 0.9), one unit in the last place per weight.
  static let shareRounding = Double(NowcastConstants.particleCount) * Double.ulpOfOne

  /// The shortest span of time, seconds, over which a speed is reported at all: 5 minutes.
  ///
  /// Strikes scatter kilometres around a storm's centre, so over a shorter span even a brisk storm
  /// cannot be told from that scatter, and quick taps a few seconds apart would turn it into absurd
  /// speeds.
  package static let minimumSpan = 300.0

  /// The bound a storm's velocity must clear to count as moving, with a heading and a closest
  /// approach: the chi-square value with 2 degrees of freedom at 95 %, so that the 95 % ellipse of
  /// the velocity excludes zero.
  static let movingEllipseBound = 5.991

  /// The distance the NWS treats as "lightning is close": 10 km, as the advice has it.
  package static let closeDistance = SafetyAdvice.closeDistance

  /// How far ahead the chance of coming within ``closeDistance`` looks: 30 minutes, the NWS's
  /// "30-30 rule", so that the chance speaks of the same danger as the advice.
  package static let chanceWindow = 30 * 60.0

  /// How far ahead the times of coming within ``closeDistance`` are looked for: 3 hours, beyond
  /// which a storm's course says little. The forecast runs the hypotheses this far
  /// (``ArrivalForecast``).
  package static let arrivalHorizon = 3 * 3_600.0

  /// The least chance of coming within ``closeDistance`` by ``arrivalHorizon`` for which the times
  /// of an arrival are given: one in five. A safety tool warns of a storm that may well come close,
  /// not only of one that surely will.
  static let arrivalChance = 0.2

  /// The percentiles of the arrival times given as the earliest and the latest (the median is the
  /// time itself): the middle 90 % of the hypotheses that come.
  package static let arrivalPercentiles = (earliest: 0.05, latest: 0.95)

  /// Metres per second: a hypothesis whose range changes by less than this either way counts as
  /// neither approaching nor receding (5 km/h). Slower than that, a storm 10 km away is hours from
  /// you, and its centre's wander (``NowcastConstants/centreWander``) moves it as much.
  package static let steadyRate = 5 / 3.6
}
