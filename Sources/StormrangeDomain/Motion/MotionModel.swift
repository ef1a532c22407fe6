/// The thresholds shared by every motion estimate. What the nowcast assumes of storms and
/// measurements is ``NowcastModel``.
public enum MotionModel {
  /// How many standard deviations a rate of change of range must be from zero before the storm
  /// counts as approaching or receding: about 95 % confidence.
  public static let significance = 2.0

  /// The shortest span of time, seconds, over which a speed is reported at all: 5 minutes.
  ///
  /// Strikes scatter kilometres around a storm's centre, so over a shorter span even a brisk storm
  /// cannot be told from that scatter, and quick taps a few seconds apart would turn it into absurd
  /// speeds.
  public static let minimumSpan = 300.0

  /// The distance the NWS treats as "lightning is close": 10 km, as the advice has it.
  public static let closeDistance = SafetyAdvice.closeDistance
}
