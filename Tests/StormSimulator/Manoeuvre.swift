/// A change in a storm's motion: from `start` (seconds after the storm's first flash) its speed and
/// heading change evenly, over `duration` seconds, to `speed` and `heading`. A stop is a manoeuvre
/// to speed 0; a start from rest takes the new heading at once; a turn goes the shorter way round.
package struct Manoeuvre: Equatable, Sendable {
  package let start: Double
  package let duration: Double
  /// Metres per second at the end.
  package let speed: Double
  /// Degrees clockwise from north toward which the storm moves at the end; nil keeps the heading.
  package let heading: Double?

  package init(start: Double, duration: Double, speed: Double, heading: Double? = nil) {
    self.start = start
    self.duration = max(duration, 1)
    self.speed = speed
    self.heading = heading
  }

  /// When the change is complete.
  package var end: Double { start + duration }
}
