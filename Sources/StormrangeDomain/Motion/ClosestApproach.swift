import FoundationEssentials

/// Where a storm on a straight track comes nearest the observer, each figure with one standard
/// error.
package struct ClosestApproach: Equatable, Sendable {
  /// Metres from the observer at the closest point.
  package let distance: Double
  package let distanceError: Double
  /// When the storm is nearest (past or future).
  package let date: Date
  /// Seconds, one standard deviation of ``date``.
  package let dateError: TimeInterval
  /// Degrees clockwise from north of the closest point, seen from the observer; nil from ranges
  /// alone, which cannot tell on which side a storm passes.
  package let bearing: Double?
  package let bearingError: Double?
}
