import FoundationEssentials

/// An instant on both clocks: the wall clock, which dates a measurement, and a monotonic clock, which
/// times the delay and does not jump when the system time is set.
package struct Moment: Equatable, Sendable {
  package var wall: Date
  /// Seconds on a monotonic clock with an arbitrary origin.
  package var monotonic: Double

  package init(wall: Date, monotonic: Double) {
    self.wall = wall
    self.monotonic = monotonic
  }
}

/// Tells the time; the program uses the system's clocks, tests a hand-driven one.
package protocol SessionClock: AnyObject {
  func now() -> Moment
}
