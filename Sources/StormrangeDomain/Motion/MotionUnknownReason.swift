import FoundationEssentials

/// Why a trend or a motion cannot be given, in terms a user interface can word.
package enum MotionUnknownReason: Equatable, Sendable {
  /// `needed` measurements are needed.
  case tooFewMeasurements(have: Int, needed: Int)
  /// The measurements span `span` seconds, less than `minimum` (``MotionThresholds/minimumSpan``).
  case tooShortSpan(span: TimeInterval, minimum: TimeInterval)
  /// The estimate could not be made.
  case undetermined
}
