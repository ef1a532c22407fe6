import FoundationEssentials
import Testing

@testable import StormrangeDomain

/// What the filter says of a storm at one moment, and the forecast run forward from it.
@Suite struct NowcastSummaryTests {
  /// A storm 20 km north-west moving east at 40 km/h, timed for 20 minutes.
  func eastward(bearings: Bool) -> [RangeObservation] {
    straightCourse(from: (-14, 14), kmPerHour: (40, 0), minutes: 20, bearings: bearings)
  }

  func summarise(_ observations: [RangeObservation]) -> NowcastSummary {
    NowcastSummary(NowcastFilter(observations: observations))
  }

  @Test func itDescribesTheFiltersMoment() {
    let filter = NowcastFilter(observations: eastward(bearings: false))
    let summary = NowcastSummary(filter)
    #expect(summary.date == origin.addingTimeInterval(1200))
    #expect(
      summary.range.mean
        == WeightedSample(values: filter.particles.map(\.range), weights: filter.weights).mean)
  }

  @Test func aStormMovingEastHeadsEast() throws {
    let summary = summarise(eastward(bearings: true))
    #expect(summary.isMoving)
    let heading = try #require(summary.heading)
    #expect(abs(heading.value - 90) < max(3 * heading.error, 10))
    #expect(abs(summary.speed.mean * 3.6 - 40) < 3 * summary.speed.standardDeviation * 3.6)
    // Where it is now: 0.7 km west and 14 km north, give or take its strikes' scatter.
    let centre = try #require(summary.centre)
    #expect(abs(centre.east + 667) < 3_000 && abs(centre.north - 14_000) < 3_000)
  }

  @Test func rangesAloneCannotTellDirection() {
    let summary = summarise(eastward(bearings: false))
    #expect(summary.heading == nil && summary.centre == nil)
    #expect(summary.speed.mean > 0)
  }

  @Test func aStormAtRestIsNotMoving() {
    // Bearings and ranges that scatter around one place for half an hour.
    let ranges = [20.3, 19.1, 21.0, 19.8, 20.6, 19.4, 20.9, 19.7, 20.2, 20.8, 19.5, 20.1]
    let bearings = [245.0, 252, 238, 250, 247, 241, 255, 244, 249, 236, 251, 246]
    let summary = summarise(
      ranges.indices.map { observed(Double($0) * 150, km: ranges[$0], bearing: bearings[$0]) })
    #expect(!summary.isMoving && summary.heading == nil && summary.closestApproach == nil)
  }

  @Test func aStormLeavingNeverArrives() {
    let leaving = straightCourse(from: (0, 15), kmPerHour: (0, 40), minutes: 20, bearings: true)
    let forecast = summarise(leaving).forecastArrival(within: MotionThresholds.closeDistance)
    #expect(forecast.chance < 0.05 && forecast.times == nil)
  }

  /// The forecast runs a copy of the hypotheses forward: asking twice gives the same answer.
  @Test func forecastingLeavesTheSummaryAsItWas() {
    let summary = summarise(straightCourse(from: (0, 25), kmPerHour: (0, -40), minutes: 15, bearings: true))
    let first = summary.forecastArrival(within: MotionThresholds.closeDistance)
    #expect(first.chance > 0.5 && first.times != nil)
    #expect(summary.forecastArrival(within: MotionThresholds.closeDistance) == first)
  }
}
