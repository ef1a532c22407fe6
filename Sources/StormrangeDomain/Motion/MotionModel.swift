/// The assumptions and thresholds shared by every motion estimate.
///
/// A storm is taken to move on a straight track at constant speed, and each range is to the nearest
/// part of a lightning channel somewhere in the storm. Every error the estimates report is one
/// standard error; a direction or a motion is claimed only at ``significance`` standard errors.
public enum MotionModel {
  /// How many standard errors a speed must exceed before it counts: about 95 % confidence.
  public static let significance = 2.0

  /// The least spread of strikes within one storm, metres, one standard error. Cells are
  /// kilometres wide and successive strikes come from different parts of them, so a storm's
  /// range is never known better than this however well each delay was timed.
  public static let scatterFloor = 1_000.0

  /// The fastest storm motion believed, metres per second: 150 km/h. A faster fit means the
  /// measurements are not one storm on one track (for example, strikes from different cells).
  public static let maximumSpeed = 150 / 3.6

  /// The shortest span of time, seconds, over which a speed is reported at all: 5 minutes.
  ///
  /// Thunderstorms typically move at 25–50 km/h. Three measurements spread over a span `T` at
  /// the 1 km scatter floor give a rate of change of range with a standard error of
  /// `√2 · 1 km / T`; over 5 minutes that is 17 km/h, so a typical storm moving at 40 km/h
  /// shows at 2σ. Over a shorter span even a brisk storm cannot be told from strike scatter, and
  /// quick taps a few seconds apart would turn kilometres of scatter into absurd speeds.
  public static let minimumSpan = 300.0

  /// How well a bearing is known, degrees, one standard error: a direction judged by eye.
  public static let bearingError = 10.0

  /// The distance the NWS treats as "lightning is close": 10 km, as the advice has it.
  public static let closeDistance = SafetyAdvice.closeDistance
}
