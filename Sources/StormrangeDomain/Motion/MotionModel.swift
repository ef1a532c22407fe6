/// The thresholds shared by every motion estimate. What the nowcast assumes of storms and
/// measurements is ``NowcastModel``.
public enum MotionModel {
  /// The share of the nowcast's hypotheses that must agree the range is falling (or rising)
  /// before the storm counts as approaching (or receding): 9 in 10.
  ///
  /// A share rather than "the rate is twice its ±": the hypotheses are a mixture, a storm that may
  /// have stopped a moment ago among them, so their standard deviation is wider than the spread of
  /// the likely courses and a 2σ test held back warnings of storms that were plainly coming (docs/
  /// science.md, "Changed since the first calibration run").
  public static let directionConfidence = 0.9

  /// The shortest span of time, seconds, over which a speed is reported at all: 5 minutes.
  ///
  /// Strikes scatter kilometres around a storm's centre, so over a shorter span even a brisk storm
  /// cannot be told from that scatter, and quick taps a few seconds apart would turn it into absurd
  /// speeds.
  public static let minimumSpan = 300.0

  /// The distance the NWS treats as "lightning is close": 10 km, as the advice has it.
  public static let closeDistance = SafetyAdvice.closeDistance

  /// How far ahead the chance of coming within ``closeDistance`` looks: 30 minutes, the NWS's
  /// "30-30 rule", so that the chance speaks of the same danger as the advice.
  public static let chanceWindow = 30 * 60.0

  /// How far ahead the times of coming within ``closeDistance`` are looked for: 3 hours, beyond
  /// which a storm's course says little.
  public static let arrivalHorizon = 3 * 3_600.0

  /// Metres per second: a hypothesis whose range changes by less than this either way counts as
  /// neither approaching nor receding (5 km/h). Slower than that, a storm 10 km away is hours from
  /// you, and its centre's wander (``NowcastModel/centreWander``) moves it as much.
  public static let steadyRate = 5 / 3.6
}
