import FoundationEssentials

/// How a storm moves over the ground at one moment, from the nowcast (``StormMotion``,
/// ``NowcastSummary``).
package struct GroundMotion: Equatable, Sendable {
  /// Metres per second over the ground, and one standard deviation.
  package let speed: Double
  package let speedError: Double
  /// Whether the storm is seen to move: the 95 % ellipse of its velocity excludes zero. A storm not
  /// seen to move has no heading and no closest approach.
  package let isMoving: Bool
  /// Degrees clockwise from north the storm moves toward; nil when not moving, or from ranges
  /// alone.
  package let heading: Double?
  package let headingError: Double?
  /// Where the centre of the storm is, metres east and north of the observer; nil from ranges
  /// alone, which cannot tell direction.
  package let centre: (east: Double, north: Double)?
  /// The moment described.
  package let asOf: Date
  /// Where it comes nearest on its present course; nil when not moving.
  package private(set) var closestApproach: ClosestApproach?

  init(_ summary: NowcastSummary) {
    speed = summary.speed.mean
    speedError = summary.speed.standardDeviation
    isMoving = summary.isMoving
    heading = summary.heading?.value
    headingError = summary.heading?.error
    closestApproach = summary.closestApproach
    centre = summary.centre
    asOf = summary.date
  }

  /// Where the centre is at `date` on the present course (for a map); nil without a heading.
  package func position(at date: Date) -> (east: Double, north: Double)? {
    guard let centre, let heading else { return nil }
    let seconds = date.timeIntervalSince(asOf)
    let radians = heading * Double.pi / 180
    return (
      centre.east + speed * Math.sin(radians) * seconds, centre.north + speed * Math.cos(radians) * seconds
    )
  }

  package static func == (left: GroundMotion, right: GroundMotion) -> Bool {
    (left.speed, left.speedError, left.isMoving, left.heading, left.headingError, left.asOf)
      == (right.speed, right.speedError, right.isMoving, right.heading, right.headingError, right.asOf)
      && left.closestApproach == right.closestApproach && left.centre?.east == right.centre?.east
      && left.centre?.north == right.centre?.north
  }

  /// This motion without its closest approach: for a storm that is over, whose closest approach is
  /// still ahead (no forecast is made for it).
  var withoutClosestApproach: GroundMotion {
    var motion = self
    motion.closestApproach = nil
    return motion
  }

}
