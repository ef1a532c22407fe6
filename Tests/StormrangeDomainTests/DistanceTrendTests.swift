import FoundationEssentials
import Testing

@testable import StormrangeDomain

@Suite struct DistanceTrendTests {
  @Test func aStraightApproachGivesItsSpeed() throws {
    // 12, 10, 8, 6 km five minutes apart: 2 km per 5 min = 24 km/h closer.
    let trend = try #require(
      DistanceTrend(
        fitting: (0..<4).map { measured(at: Double($0) * 300, metres: 12000 - Double($0) * 2000) }))
    #expect(trend.direction == .approaching)
    #expect(abs(trend.velocity * 3.6 + 24) < 1e-9)
    #expect(abs(trend.speed * 3.6 - 24) < 1e-9)
    #expect(abs(trend.distance(at: origin.addingTimeInterval(1200)) - 4000) < 1e-6)
  }

  @Test func theFitAveragesScatteredPoints() throws {
    // Least squares through (0, 10), (1, 9), (2, 7), (3, 6) km over minutes: slope -1.4 km/min.
    let distances = [10000.0, 9000, 7000, 6000]
    let trend = try #require(
      DistanceTrend(
        fitting: distances.enumerated().map { measured(at: Double($0.offset) * 60, metres: $0.element) }))
    #expect(abs(trend.velocity - (-1400.0 / 60)) < 1e-9)
  }

  @Test func aRecedingStorm() throws {
    let trend = try #require(
      DistanceTrend(fitting: (0..<3).map { measured(at: Double($0) * 600, metres: 5000 + Double($0) * 2000) })
    )
    #expect(trend.direction == .receding)
    #expect(abs(trend.velocity * 3.6 - 12) < 1e-9)
    #expect(trend.arrival() == nil)
  }

  @Test func underThreeKilometresPerHourIsSteady() throws {
    // 2.9 km/h: 966.7 m over 20 minutes.
    let metresPerSecond = 2.9 / 3.6
    let trend = try #require(
      DistanceTrend(
        fitting: (0..<5).map {
          measured(at: Double($0) * 300, metres: 9000 - metresPerSecond * Double($0) * 300)
        }))
    #expect(trend.direction == .steady)
    let faster = try #require(
      DistanceTrend(
        fitting: (0..<5).map { measured(at: Double($0) * 300, metres: 9000 - 3.1 / 3.6 * Double($0) * 300) }))
    #expect(faster.direction == .approaching)
  }

  @Test func quickTapsWithinTheTimingErrorAreSteady() throws {
    // 10.0, 9.8, 9.6 km ten seconds apart "is" 72 km/h, but 0.2 km is about the reaction-time error.
    let quick = try #require(
      DistanceTrend(fitting: (0..<3).map { measured(at: Double($0) * 10, metres: 10000 - Double($0) * 200) }))
    #expect(abs(quick.velocity + 20) < 1e-9)
    #expect(quick.direction == .steady)
    // Five such 0.2 km steps a minute apart are a clear approach (12 km/h).
    let slower = try #require(
      DistanceTrend(fitting: (0..<5).map { measured(at: Double($0) * 60, metres: 10000 - Double($0) * 200) }))
    #expect(slower.direction == .approaching)
  }

  @Test func needsThreeMeasurementsAtDifferentTimes() {
    #expect(DistanceTrend(fitting: [measured(at: 0, metres: 9000), measured(at: 60, metres: 8000)]) == nil)
    #expect(DistanceTrend(fitting: (0..<3).map { _ in measured(at: 0, metres: 9000) }) == nil)
  }

  @Test func arrivalWithinTenKilometres() throws {
    // 20, 18, 16 km five minutes apart: 10 km is 6 km, i.e. 15 minutes, after the last one.
    let trend = try #require(
      DistanceTrend(
        fitting: (0..<3).map { measured(at: Double($0) * 300, metres: 20000 - Double($0) * 2000) }))
    let arrival = try #require(trend.arrival())
    #expect(abs(arrival.timeIntervalSince(origin) - 1500) < 1e-6)
  }
}
