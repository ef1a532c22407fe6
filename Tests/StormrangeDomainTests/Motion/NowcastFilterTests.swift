import FoundationEssentials
import Testing

@testable import StormrangeDomain

/// The particle filter on its own: where it puts its hypotheses, how it moves them, and what it
/// makes of a run of ranges.
@Suite struct NowcastFilterTests {
  /// The weighted mean of `value` over `filter`'s hypotheses.
  func mean(_ filter: NowcastFilter, _ value: (StormParticle) -> Double) -> Double {
    WeightedSample(values: filter.particles.map(value), weights: filter.weights).mean
  }

  @Test func oneRangePutsTheHypothesesOnARingAroundTheObserver() {
    let filter = NowcastFilter(observations: [observed(0, km: 20)])
    #expect(filter.particles.count == NowcastConstants.particleCount && !filter.hasBearings)
    #expect(abs(filter.weights.reduce(0, +) - 1) < 1e-9)
    // Thunder comes from the nearest part of the channel: the centre is a little farther.
    #expect((19_000...24_000).contains(mean(filter, \.range)))
    // Every direction alike: east and west, north and south cancel out.
    #expect(abs(mean(filter, \.east)) < 2_000 && abs(mean(filter, \.north)) < 2_000)
  }

  @Test func aBearingGathersTheHypothesesOnItsSide() {
    let filter = NowcastFilter(observations: [observed(0, km: 20, bearing: 90)])
    #expect(filter.hasBearings)
    #expect(mean(filter, \.east) > 15_000 && abs(mean(filter, \.north)) < 5_000)
  }

  @Test func fewerHypothesesMakeACoarserFilter() {
    let filter = NowcastFilter(observations: [observed(0, km: 20)], hypotheses: 200)
    #expect(filter.particles.count == 200 && filter.weights.count == 200)
  }

  @Test func theSameObservationsGiveTheSameHypothesesToTheLastBit() {
    let observations = straightCourse(
      from: (-10, 20), kmPerHour: (30, -10), minutes: 15, bearings: true)
    let (first, second) = (
      NowcastFilter(observations: observations), NowcastFilter(observations: observations)
    )
    #expect(first.weights == second.weights && first.time == second.time)
    #expect(
      zip(first.particles, second.particles).allSatisfy {
        ($0.east, $0.north, $0.eastSpeed, $0.northSpeed, $0.scatter, $0.mode)
          == ($1.east, $1.north, $1.eastSpeed, $1.northSpeed, $1.scatter, $1.mode)
      })
  }

  @Test func predictingLeavesTheFilterAsItWas() {
    let filter = NowcastFilter(observations: [observed(0, km: 20)])
    let ahead = filter.predicted(to: origin.addingTimeInterval(600))
    #expect(ahead.time == origin.addingTimeInterval(600) && filter.time == origin)
    #expect(ahead.weights == filter.weights)
    #expect(zip(ahead.particles, filter.particles).contains { $0.east != $1.east })
  }

  /// The hypotheses seeded by a range of 20 km that are in `mode` now and ten minutes on: how
  /// far each missed where its velocity now would have taken it, metres east and north, and how far
  /// that velocity would have taken it.
  func tenMinutesOn(in mode: MotionMode) -> [(east: Double, north: Double, journey: Double)] {
    let filter = NowcastFilter(observations: [observed(0, km: 20)])
    let ahead = filter.predicted(to: origin.addingTimeInterval(600))
    return zip(filter.particles, ahead.particles).filter { $0.mode == mode && $1.mode == mode }.map {
      before, after in
      (
        after.east - before.east - before.eastSpeed * 600,
        after.north - before.north - before.northSpeed * 600,
        before.speed * 600
      )
    }
  }

  /// Over ten minutes a hypothesis at rest only wanders as cells die and grow: on average it stays
  /// where it was.
  @Test func aHypothesisAtRestStaysPut() {
    let still = tenMinutesOn(in: .atRest)
    #expect(still.count > 100 && still.allSatisfy { $0.journey == 0 })
    // Each wanders about 550 m each way in ten minutes; their mean, a few tens of metres.
    let count = Double(still.count)
    #expect(
      abs(still.map(\.east).reduce(0, +) / count) < 200 && abs(still.map(\.north).reduce(0, +) / count) < 200)
  }

  /// A hypothesis in steady motion goes on at its velocity: ten minutes on, it has gone its
  /// velocity times ten minutes, give or take its centre's wander.
  @Test func aSteadyHypothesisGoesOnAtItsVelocity() {
    let steady = tenMinutesOn(in: .steady)
    #expect(steady.count > 500)
    let count = Double(steady.count)
    #expect(
      abs(steady.map(\.east).reduce(0, +) / count) < 200
        && abs(steady.map(\.north).reduce(0, +) / count) < 200)
    // The miss is the wander, not the journey.
    let journey = steady.map(\.journey).reduce(0, +) / count
    let missed = steady.map { ($0.east * $0.east + $0.north * $0.north).squareRoot() }.reduce(0, +) / count
    #expect(journey > 3_000 && missed < journey / 3)
  }

  /// A hypothesis at rest keeps no speed, and one moving keeps moving.
  @Test func aHypothesisKeepsItsModesSpeed() {
    let filter = NowcastFilter(observations: [observed(0, km: 20)])
    let ahead = filter.predicted(to: origin.addingTimeInterval(600))
    #expect(ahead.particles.allSatisfy { ($0.mode == .atRest) == ($0.speed == 0) })
  }

  @Test func aFilterFedRangesShrinkingAt30KilometresAnHourEndsApproaching() {
    // 25 km, closing at 30 km/h for 20 minutes: 15 km at the end.
    let observations = (0...20).map { observed(Double($0) * 60, km: 25 - 0.5 * Double($0)) }
    let filter = NowcastFilter(observations: observations)
    let rates = WeightedSample(values: filter.particles.map(\.rangeRate), weights: filter.weights)
    #expect(abs(rates.mean * 3.6 + 30) < 10)
    #expect(RangeTrend.chances(of: rates).approaching >= MotionThresholds.directionConfidence)
  }

  @Test func aFilterFedRangesGrowingEndsReceding() {
    let observations = (0...20).map { observed(Double($0) * 60, km: 15 + 0.5 * Double($0)) }
    let filter = NowcastFilter(observations: observations)
    let rates = WeightedSample(values: filter.particles.map(\.rangeRate), weights: filter.weights)
    #expect(rates.mean > 0 && RangeTrend.chances(of: rates).receding >= MotionThresholds.directionConfidence)
  }
}
