import FoundationEssentials
import Testing

@testable import StormrangeDomain

@Suite struct RangeMotionTests {
  let passing = SyntheticStorm.passingNorth(isNoisy: false)

  @Test func exactRangesOfAPassingStormGiveItsTrack() throws {
    let motion = try #require(RangeMotion(observations: passing.observations(seed: 1)))
    #expect(abs(motion.speed - 40 / 3.6) < 0.05)
    #expect(abs(motion.closestApproach.distance - 5000) < 20)
    #expect(abs(motion.closestApproach.date.timeIntervalSince(origin) - 1350) < 5)
    #expect(motion.closestApproach.bearing == nil)
    #expect(motion.scatter == MotionModel.scatterFloor)
  }

  @Test func theTrendFollowsTheCurve() throws {
    let motion = StormMotion(observations: passing.observations(seed: 1))
    // At the start, 15.8 km out and closing at 10.5 m/s; 10 km is reached √(10² − 5²) km before closest.
    let early = motion.trend(at: origin)
    #expect(early.basis == .closestApproach)
    #expect(early.direction == .approaching)
    let closing: Double = passing.rangeRate(at: 0)
    #expect(abs(try #require(early.speed) + closing) < 0.2)
    let arrival = try #require(early.within10km).timeIntervalSince(origin)
    let halfChord: Double = 75_000_000.0.squareRoot() / passing.speed
    #expect(abs(arrival - (1350 - halfChord)) < 10)
    // At the closest approach the range neither falls nor rises; at the end it recedes.
    #expect(motion.trend(at: origin.addingTimeInterval(1350)).direction == .steady)
    #expect(motion.trend(at: passing.now).direction == .receding)
  }

  @Test func aStormPassingFartherThanTenKilometresNeverComesWithin() throws {
    let distant = SyntheticStorm(
      east: -30_000, north: 12_000, speed: 60 / 3.6, heading: 90,
      times: SyntheticStorm.every(180, until: 3600),
      isNoisy: false)
    let motion = StormMotion(observations: distant.observations(seed: 1))
    #expect(motion.rangeMotion != nil)
    let trend = motion.trend(at: origin)
    #expect(trend.direction == .approaching)
    #expect(trend.within10km == nil)
  }

  @Test func aStraightApproachShowsNoCurve() {
    let headOn = SyntheticStorm.headOn(isNoisy: false)
    #expect(RangeMotion(observations: headOn.observations(seed: 1)) == nil)
  }

  @Test func aStationaryStormHasNoMotion() {
    let still = SyntheticStorm.stationary()
    #expect(RangeMotion(observations: still.observations(seed: 3)) == nil)
  }
}
