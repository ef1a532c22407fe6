import Testing

@testable import StormSimulator

@Suite struct StormTruthTests {
  /// Coming straight in at 20 m/s from 30 km: within 10 km 1000 s later; nearest at 1500 s.
  @Test func headOnArrivalAndClosestApproach() {
    let track = StormTrack(origin: PlaneVector(east: 30_000, north: 0), speed: 20, heading: 270)
    let truth = StormTruth(track: track, at: 0, statusTime: 1000)
    #expect(abs(truth.arrivalWithin10km! - 2000) < 0.01)
    #expect(abs(truth.rangeRate + 20) < 1e-9)
    #expect(abs(truth.closestDistance) < 1e-6)
    #expect(abs(truth.closestTime! - 2500) < 1e-6)
    #expect(abs(truth.heading! - 270) < 1e-9)
  }

  /// Passing 12 km away on a straight line: never within 10 km; nearest 12 km.
  @Test func aStormPassingOutsideNeverArrives() {
    let track = StormTrack(origin: PlaneVector(east: 30_000, north: 12_000), speed: 20, heading: 270)
    let truth = StormTruth(track: track, at: 0, statusTime: 0)
    #expect(truth.arrivalWithin10km == nil)
    #expect(abs(truth.closestDistance - 12_000) < 1e-6)
    #expect(abs(truth.rangeRate - 20 * -30_000 / (30_000 * 30_000 + 12_000 * 12_000).squareRoot()) < 1e-9)
  }

  @Test func aStormAlreadyInsideArrivesAtOnce() {
    let track = StormTrack(origin: PlaneVector(east: 8000, north: 0), speed: 20, heading: 90)
    #expect(StormTruth(track: track, at: 0, statusTime: 500).arrivalWithin10km == 500)
  }

  /// The arrival follows the track as it really goes on, not the straight line: one that stops at
  /// 15 km never arrives, though its velocity at the status time points at the observer.
  @Test func theArrivalFollowsTheTrackThatReallyHappens() {
    let stop = Manoeuvre(start: 0, duration: 1000, speed: 0)
    let track = StormTrack(
      origin: PlaneVector(east: 25_000, north: 0), speed: 20, heading: 270, manoeuvres: [stop])
    let truth = StormTruth(track: track, at: 0, statusTime: 0)
    #expect(truth.arrivalWithin10km == nil)
    #expect(truth.closestDistance < 1e-6)
  }

  /// Beyond the 3-hour horizon is never.
  @Test func anArrivalBeyondThreeHoursIsNever() {
    let track = StormTrack(origin: PlaneVector(east: 60_000, north: 0), speed: 4, heading: 270)
    #expect(StormTruth(track: track, at: 0, statusTime: 0).arrivalWithin10km == nil)
  }

  @Test func aStormAtRestHasNoHeadingNorClosestTime() {
    let track = StormTrack(origin: PlaneVector(east: 15_000, north: 0), speed: 0, heading: 0)
    let truth = StormTruth(track: track, at: 600, statusTime: 600)
    #expect(truth.isAtRest)
    #expect(truth.heading == nil)
    #expect(truth.closestTime == nil)
    #expect(truth.closestDistance == 15_000)
    #expect(truth.rangeRate == 0)
  }
}
