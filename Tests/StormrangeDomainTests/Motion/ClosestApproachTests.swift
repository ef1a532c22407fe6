import FoundationEssentials
import Testing

@testable import StormrangeDomain

/// Where a storm on its present course comes nearest (``NowcastSummary`` makes it).
@Suite struct ClosestApproachTests {
  func closestApproach(_ observations: [RangeObservation]) throws -> ClosestApproach {
    try #require(NowcastSummary(NowcastFilter(observations: observations)).closestApproach)
  }

  /// Signed by the side it passes on, a storm coming straight at you passes at 0 ± its spread,
  /// rather than at a spread of distances all more than 0.
  @Test func theClosestApproachOfAStormComingStraightInIsZeroPlusOrMinusItsSpread() throws {
    // From 30 km to 18 km in 15 minutes, on a bearing of 200°: at 0 km 22.5 minutes later.
    let observations = stride(from: 0.0, through: 900, by: 60).map {
      observed($0, km: 30 - 12 * $0 / 900, bearing: 200.1)
    }
    let closest = try closestApproach(observations)
    #expect(closest.distance < 2 * closest.distanceError)
    let expected = origin.addingTimeInterval(900 + 22.5 * 60)
    #expect(abs(closest.date.timeIntervalSince(expected)) < max(3 * closest.dateError, 600))
  }

  @Test func aStormPassingToOneSideComesNearestOnThatSide() throws {
    // Moving east at 40 km/h along a line 8 km north: nearest, due north, 22.5 minutes from the
    // start.
    let closest = try closestApproach(
      straightCourse(from: (-15, 8), kmPerHour: (40, 0), minutes: 15, bearings: true))
    #expect(abs(closest.distance - 8_000) < max(3 * closest.distanceError, 2_000))
    let bearing = try #require(closest.bearing)
    #expect(abs(Math.wrappedDegrees(bearing)) < max(3 * (closest.bearingError ?? 0), 20))
    #expect(abs(closest.date.timeIntervalSince(origin.addingTimeInterval(22.5 * 60))) < 600)
  }

  /// From ranges alone a storm may pass on either side: no direction, and a distance without a
  /// sign.
  @Test func rangesAloneGiveNoSide() throws {
    let closest = try closestApproach(
      straightCourse(from: (-15, 8), kmPerHour: (40, 0), minutes: 15, bearings: false))
    #expect(closest.bearing == nil && closest.bearingError == nil)
    #expect(closest.distance >= 0 && closest.distance < 15_000)
  }
}
