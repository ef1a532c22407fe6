import FoundationEssentials

/// An instant on both clocks: the wall clock, which dates a measurement, and a monotonic clock, which
/// times the delay and does not jump when the system time is set.
public struct Moment: Equatable, Sendable {
  public var wall: Date
  /// Seconds on a monotonic clock with an arbitrary origin.
  public var monotonic: Double

  public init(wall: Date, monotonic: Double) {
    self.wall = wall
    self.monotonic = monotonic
  }
}

/// Tells the time; the program uses the system's clocks, tests a hand-driven one.
public protocol SessionClock: AnyObject {
  func now() -> Moment
}
