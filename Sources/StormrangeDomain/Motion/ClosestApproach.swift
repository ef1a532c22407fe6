import FoundationEssentials

/// Where a storm on a straight track comes nearest the observer, each figure with one standard
/// error.
public struct ClosestApproach: Equatable, Sendable {
  /// Metres from the observer at the closest point.
  public let distance: Double
  public let distanceError: Double
  /// When the storm is nearest (past or future).
  public let date: Date
  /// Seconds, one standard deviation of ``date``.
  public let dateError: TimeInterval
  /// Degrees clockwise from north of the closest point, seen from the observer; nil from ranges
  /// alone, which cannot tell on which side a storm passes.
  public let bearing: Double?
  public let bearingError: Double?
}
