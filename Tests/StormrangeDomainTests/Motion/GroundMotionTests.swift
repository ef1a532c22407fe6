import FoundationEssentials
import Testing

@testable import StormrangeDomain

/// How a storm moves over the ground, as the status shows it and the map draws it.
@Suite struct GroundMotionTests {
  /// The motion of a storm moving east-north-east at 40 km/h, timed for 20 minutes.
  func motion(bearings: Bool) throws -> GroundMotion {
    let observations = straightCourse(from: (-14, 10), kmPerHour: (37, 15), minutes: 20, bearings: bearings)
    return try #require(
      StormMotion(observations: observations).groundMotion(at: origin.addingTimeInterval(1200)))
  }

  @Test func theCentreMovesOnAtItsSpeedAlongItsHeading() throws {
    let motion = try motion(bearings: true)
    let (heading, centre) = (try #require(motion.heading), try #require(motion.centre))
    let now = try #require(motion.position(at: motion.asOf))
    #expect(now.east == centre.east && now.north == centre.north)
    let later = try #require(motion.position(at: motion.asOf.addingTimeInterval(600)))
    let (east, north) = (later.east - now.east, later.north - now.north)
    #expect(abs((east * east + north * north).squareRoot() - motion.speed * 600) < 1e-6)
    #expect(abs(Math.wrappedDegrees(Math.bearingDegrees(east: east, north: north) - heading)) < 1e-6)
    // And back in time, the other way.
    let earlier = try #require(motion.position(at: motion.asOf.addingTimeInterval(-600)))
    #expect(abs(earlier.east - (now.east - east)) < 1e-6 && abs(earlier.north - (now.north - north)) < 1e-6)
  }

  @Test func rangesAloneGiveASpeedButNoPlace() throws {
    let motion = try motion(bearings: false)
    #expect(motion.speed > 0)
    #expect(motion.heading == nil && motion.centre == nil && motion.position(at: motion.asOf) == nil)
  }

  @Test func withoutItsClosestApproachTheMotionIsOtherwiseTheSame() throws {
    let motion = try motion(bearings: true)
    #expect(motion.closestApproach != nil)
    let without = motion.withoutClosestApproach
    #expect(without.closestApproach == nil && without != motion)
    #expect(
      (without.speed, without.speedError, without.heading, without.asOf)
        == (motion.speed, motion.speedError, motion.heading, motion.asOf))
  }
}
