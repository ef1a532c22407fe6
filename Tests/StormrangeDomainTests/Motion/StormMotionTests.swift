import FoundationEssentials
import Testing

@testable import StormrangeDomain

@Suite struct StormMotionTests {
  /// A timed measurement `seconds` after `origin`, ±150 m of its own.
  func observed(_ seconds: Double, km: Double, bearing: Double? = nil) -> RangeObservation {
    RangeObservation(
      date: origin.addingTimeInterval(seconds), distance: km * 1000, uncertainty: 150, bearing: bearing)
  }

  @Test func quickTapsReportNoSpeed() {
    // Today's straight line says "receding at 2407 km/h" for these.
    let motion = StormMotion(observations: [
      observed(0, km: 1.10), observed(4, km: 4.12), observed(8, km: 3.43),
    ])
    let trend = motion.trend(at: origin.addingTimeInterval(8))
    #expect(trend.direction == .unknown)
    #expect(trend.unknownReason == .tooShortSpan(span: 8, minimum: 300))
    #expect(trend.speed == nil && trend.speedError == nil && trend.within10km == nil)
    #expect(motion.rangeMotion == nil)
  }

  @Test func aTrendNeedsThreeMeasurements() {
    let trend = StormMotion(observations: [observed(0, km: 9), observed(600, km: 8)]).trend(at: origin)
    #expect(trend.unknownReason == .tooFewMeasurements(have: 2, needed: 3))
    #expect(
      StormMotion(observations: []).trend(at: origin).unknownReason == .tooFewMeasurements(have: 0, needed: 3)
    )
  }

  @Test func aSpeedAbove150KilometresPerHourIsInconsistent() throws {
    // 2, 10, 30 km three minutes apart: about 280 km/h, strikes from different cells.
    let trend = StormMotion(observations: [observed(0, km: 2), observed(180, km: 10), observed(360, km: 30)])
      .trend(at: origin.addingTimeInterval(360))
    #expect(trend.direction == .unknown)
    guard case .inconsistent(let speed) = try #require(trend.unknownReason) else {
      Issue.record("not inconsistent: \(trend)")
      return
    }
    #expect(abs(speed * 3.6 - 280) < 1)
  }

  @Test func exactPointsStillCarryTheScatterFloor() throws {
    // 20, 18, 16 km five minutes apart: 24 km/h closer, and 10 km is reached 15 minutes later.
    let now = origin.addingTimeInterval(600)
    let trend = StormMotion(observations: [observed(0, km: 20), observed(300, km: 18), observed(600, km: 16)])
      .trend(at: now)
    #expect(trend.direction == .approaching)
    #expect(trend.basis == .straightLine)
    #expect(abs(try #require(trend.speed) * 3.6 - 24) < 1e-6)
    // Each point is ±(150 m ⊕ 1 km); Σ(t − t̄)² = 2 · 300² s², so the slope is ±(1011 m)/(424 s).
    let pointError: Double = (150.0 * 150 + 1000 * 1000).squareRoot()
    let expected: Double = pointError / (2 * 300.0 * 300).squareRoot()
    #expect(abs(try #require(trend.speedError) - expected) < 1e-6)
    let arrival = try #require(trend.within10km)
    #expect(abs(arrival.timeIntervalSince(now) - 900) < 1e-6)
  }

  @Test func noArrivalWhenAlreadyWithinTenKilometres() {
    let trend = StormMotion(observations: [observed(0, km: 14), observed(600, km: 11), observed(1200, km: 8)])
      .trend(at: origin.addingTimeInterval(1200))
    #expect(trend.direction == .approaching)
    #expect(trend.within10km == nil)
  }

  @Test func aSlowDriftWithinTheScatterIsSteady() {
    // 9.0, 8.5, 8.0 km over ten minutes: 6 km/h, but 0.5 km steps are well inside strike scatter.
    let trend = StormMotion(observations: [observed(0, km: 9), observed(300, km: 8.5), observed(600, km: 8)])
      .trend(at: origin.addingTimeInterval(600))
    #expect(trend.direction == .steady)
    #expect(trend.speed != nil)
    #expect(trend.within10km == nil)
  }

  @Test func theOrderOfObservationsDoesNotMatter() {
    let storm = SyntheticStorm.passingNorth(withBearings: true)
    let observations = storm.observations(seed: 7)
    let forwards = StormMotion(observations: observations)
    let backwards = StormMotion(observations: observations.reversed())
    #expect(forwards.trend(at: storm.now) == backwards.trend(at: storm.now))
    #expect(forwards.rangeMotion?.closestApproach == backwards.rangeMotion?.closestApproach)
    #expect(forwards.track.motion?.closestApproach == backwards.track.motion?.closestApproach)
  }
}
