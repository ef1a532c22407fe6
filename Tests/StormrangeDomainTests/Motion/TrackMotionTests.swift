import FoundationEssentials
import Testing

@testable import StormrangeDomain

@Suite struct TrackMotionTests {
  func located(_ seconds: Double, km: Double, bearing: Double?) -> RangeObservation {
    RangeObservation(
      date: origin.addingTimeInterval(seconds), distance: km * 1000, uncertainty: 150, bearing: bearing)
  }

  @Test func exactPositionsOfAPassingStormGiveItsTrack() throws {
    // Eastward at 40 km/h along a line 5 km north: "passes 5 km to the north", 1350 s after the start.
    let storm = SyntheticStorm.passingNorth(withBearings: true, isNoisy: false)
    let observations = storm.observations(seed: 1)
    let track = try #require(StormMotion(observations: observations).track.motion)
    #expect(abs(track.speed - 40 / 3.6) < 1e-3)
    #expect(abs(try #require(track.heading) - 90) < 1e-3)
    let approach = try #require(track.closestApproach)
    #expect(abs(approach.distance - 5000) < 1)
    #expect(abs(approach.date.timeIntervalSince(origin) - 1350) < 1)
    #expect(abs(DeltaMethod.wrapped(try #require(approach.bearing))) < 1e-3)
    for error in [
      track.speedError, track.headingError, approach.distanceError, approach.dateError, approach.bearingError,
    ] {
      #expect(try #require(error) > 0)
    }
  }

  @Test func aTrackNeedsThreeBearings() {
    let estimate = TrackMotion.fitting([
      located(0, km: 10, bearing: 270), located(600, km: 8, bearing: nil), located(1200, km: 6, bearing: 280),
    ])
    guard case .unknown(let reason) = estimate else {
      Issue.record("a track from two bearings")
      return
    }
    #expect(reason == .tooFewMeasurements(have: 2, needed: 3))
  }

  @Test func aTrackFasterThan150KilometresPerHourIsInconsistent() {
    // 2, 20 and 40 km north five minutes apart: 228 km/h.
    let estimate = TrackMotion.fitting([
      located(0, km: 2, bearing: 0), located(300, km: 20, bearing: 0), located(600, km: 40, bearing: 0),
    ])
    guard case .unknown(.inconsistent(let speed)) = estimate else {
      Issue.record("not inconsistent: \(estimate)")
      return
    }
    #expect(speed > MotionModel.maximumSpeed)
  }

  @Test func aStormNotSeenToMoveHasNoHeading() throws {
    let still = SyntheticStorm.stationary(withBearings: true)
    let track = try #require(TrackMotion.fitting(still.observations(seed: 5)).motion)
    #expect(track.heading == nil && track.headingError == nil && track.closestApproach == nil)
    #expect(track.speed < 2 * track.speedError)
  }
}

@Suite struct TrackMotionAtRestTests {
  /// Eleven identical readings over ten minutes: not "0.0 ± 0.0 km/h", but a speed whose error is
  /// the spread the strike scatter allows.
  @Test func aStormThatDoesNotMoveHasAnHonestSpeedError() {
    let observations = (0...10).map { index in
      RangeObservation(
        date: origin.addingTimeInterval(Double(index) * 60), distance: 6_864, uncertainty: 150, bearing: 90)
    }
    guard case .known(let track) = TrackMotion.fitting(observations) else {
      Issue.record("no track")
      return
    }
    #expect(track.speed < 0.01)
    // The 1 km scatter floor over ten minutes: of the order of 1 km / 10 min, a few km/h.
    #expect(track.speedError > 0.5 && track.speedError < 5, "\(track.speedError) m/s")
    #expect(track.heading == nil && track.closestApproach == nil)
  }

  /// Every bearing the same (a storm coming straight in, read off a compass): the track runs
  /// through the observer, and the closest distance is 0 give or take the across-track error, with
  /// the side not known — not "0.00 ± 0.00 km" at a bearing ± a million degrees.
  @Test func identicalBearingsGiveACloseApproachOfUnknownSide() {
    let observations = (0...7).map { index in
      RangeObservation(
        date: origin.addingTimeInterval(Double(index) * 180), distance: 20_000 - Double(index) * 2_000,
        uncertainty: 150, bearing: 270)
    }
    guard case .known(let track) = TrackMotion.fitting(observations), let closest = track.closestApproach
    else {
      Issue.record("no closest approach")
      return
    }
    #expect(closest.distance < 1)
    #expect(closest.distanceError > 500 && closest.distanceError < 5_000, "\(closest.distanceError) m")
    #expect(closest.bearing == nil && closest.bearingError == nil)
  }
}
