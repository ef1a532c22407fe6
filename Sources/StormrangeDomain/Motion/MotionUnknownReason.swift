import FoundationEssentials

/// Why a trend or a motion cannot be given, in terms a user interface can word.
public enum MotionUnknownReason: Equatable, Sendable {
  /// `needed` more measurements are needed (with a bearing, for a track).
  case tooFewMeasurements(have: Int, needed: Int)
  /// The measurements span `span` seconds, less than `minimum` (``MotionModel/minimumSpan``).
  case tooShortSpan(span: TimeInterval, minimum: TimeInterval)
  /// The fitted speed, metres per second, is above ``MotionModel/maximumSpeed``: the measurements
  /// are not one storm moving on one track, for example strikes from different cells.
  case inconsistent(speed: Double)
  /// The least-squares fit could not be solved (for example, every measurement at the same time).
  case undetermined
}
