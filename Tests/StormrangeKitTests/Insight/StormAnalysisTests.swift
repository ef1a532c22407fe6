import FoundationEssentials
import Testing

@testable import StormrangeKit
@testable import StormrangeStore
@testable import StormrangeDomain
@testable import StormrangePropertyList
@testable import StormrangeBase

/// 2026-07-01T16:00:00Z, a fixed origin for the measurements below.
private let origin = Date(timeIntervalSince1970: 1_782_921_600)

/// A measurement `seconds` after `origin` at `metres` (20 °C; the delay is what gives that distance).
private func measured(at seconds: Double, metres: Double, temperature: Double = 20) -> Measurement {
  let speed = SpeedOfSound.metresPerSecond(celsius: temperature)
  return Measurement(
    date: origin.addingTimeInterval(seconds), delay: metres / speed, distance: metres,
    temperature: temperature, speedOfSound: speed, note: nil)
}

@Suite struct StormGroupingTests {
  @Test func measurementsLessThanThirtyMinutesApartAreOneStorm() {
    let history = [measured(at: 0, metres: 9000), measured(at: 1799, metres: 8000)]
    #expect(Storm.all(in: history).map(\.count) == [2])
  }

  @Test func aGapOfExactlyThirtyMinutesStartsANewStorm() {
    let history = [
      measured(at: 0, metres: 9000), measured(at: 1799, metres: 8000), measured(at: 3599, metres: 7000),
    ]
    let storms = Storm.all(in: history)
    #expect(storms.map(\.count) == [2, 1])
    #expect(storms[1].positions == [2])
    #expect(Storm.current(in: history)?.positions == [2])
  }

  @Test func stormsFollowTheDatesNotTheOrderInTheHistory() {
    // An older storm added after the newer one (`add … at`, or an import).
    let history = [
      measured(at: 7200, metres: 5000), measured(at: 7300, metres: 4000), measured(at: 0, metres: 9000),
      measured(at: 60, metres: 8000),
    ]
    let storms = Storm.all(in: history)
    #expect(storms.map(\.positions) == [[2, 3], [0, 1]])
    #expect(Storm.current(in: history)?.positions == [0, 1])
    #expect(Storm.mostRecent(3, in: history)?.positions == [3, 0, 1])
  }

  @Test func theCurrentStormOfASortedHistoryIsItsTail() {
    let history = (0..<10).map { measured(at: Double($0) * 600 + ($0 >= 6 ? 3600 : 0), metres: 5000) }
    #expect(Storm.current(in: history)?.positions == [6, 7, 8, 9])
    #expect(Storm.current(in: [Measurement]()) == nil)
    #expect(Storm.all(in: [Measurement]()).isEmpty)
  }

  @Test func nearestFarthestAndMean() throws {
    let storm = try #require(
      Storm.current(in: [
        measured(at: 0, metres: 9000), measured(at: 60, metres: 3000), measured(at: 120, metres: 6000),
      ]))
    #expect(storm.nearest == 3000)
    #expect(storm.farthest == 9000)
    #expect(abs(storm.meanDistance - 6000) < 1e-9)
    #expect(storm.start == origin)
    #expect(storm.end == origin.addingTimeInterval(120))
  }
}

@Suite struct DistanceTrendTests {
  @Test func aStraightApproachGivesItsSpeed() throws {
    // 12, 10, 8, 6 km five minutes apart: 2 km per 5 min = 24 km/h closer.
    let trend = try #require(
      DistanceTrend(
        fitting: (0..<4).map { measured(at: Double($0) * 300, metres: 12000 - Double($0) * 2000) }))
    #expect(trend.direction == .approaching)
    #expect(abs(trend.velocity * 3.6 + 24) < 1e-9)
    #expect(DistanceUnit.kilometres.formatSpeed(metresPerSecond: trend.speed) == "24 km/h")
    #expect(DistanceUnit.miles.formatSpeed(metresPerSecond: trend.speed) == "15 mph")
    #expect(DistanceUnit.feet.formatSpeed(metresPerSecond: trend.speed) == "15 mph")
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
    #expect(DistanceUnit.kilometres.formatSpeed(metresPerSecond: trend.speed) == "12 km/h")
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

@Suite struct DistanceUncertaintyTests {
  @Test func reactionTimeOfBothTapsPlusTemperature() {
    // c(20 °C) · √2 · 0.3 s = 145.61 m; 6 s · (c(25 °C) − c(15 °C)) / 2 = 17.56 m; in quadrature 146.67 m.
    let uncertainty = DistanceUncertainty.metres(for: measured(at: 0, metres: 6 * 343.21462268256795))
    #expect(abs(uncertainty - 146.669) < 0.01)
    #expect(DistanceUnit.kilometres.format(metres: uncertainty) == "0.15 km")
    #expect(DistanceUnit.feet.format(metres: uncertainty) == "481 ft")
  }

  @Test func theTemperatureMattersMoreFarAway() {
    let near = DistanceUncertainty.metres(for: measured(at: 0, metres: 1000))
    let far = DistanceUncertainty.metres(for: measured(at: 0, metres: 20000))
    #expect(near > 145 && near < 146)
    // 58.27 s of delay: √(145.61² + (58.27 · 2.927)²) ≈ 224.3 m.
    #expect(abs(far - 224.3) < 0.1)
  }
}

@Suite struct SafetyAdviceTests {
  private let flash = origin

  @Test func thirtySecondsOrLessMeansTakeShelter() {
    let advice = SafetyAdvice(
      latest: measured(at: 0, metres: 30 * 343.21462268256795), now: flash.addingTimeInterval(40))
    #expect(advice.level == .takeShelterNow)
    let farther = SafetyAdvice(
      latest: measured(at: 0, metres: 31 * 343.21462268256795), now: flash.addingTimeInterval(40))
    #expect(farther.level == .withinStrikingDistance)
  }

  @Test func allClearThirtyMinutesAfterTheLastThunder() {
    // Flash at 0, thunder 10 s later: all clear at 30 min 10 s.
    let latest = measured(at: 0, metres: 10 * 343.21462268256795)
    let soon = SafetyAdvice(latest: latest, now: flash.addingTimeInterval(70))
    #expect(abs(soon.remaining - 1740) < 1e-6)
    #expect(DurationText.countdown(soon.remaining) == "29:00")
    #expect(abs(soon.allClear.timeIntervalSince(flash) - 1810) < 1e-6)
    let almost = SafetyAdvice(latest: latest, now: flash.addingTimeInterval(1809.5))
    #expect(almost.level == .takeShelterNow)
    #expect(DurationText.countdown(almost.remaining) == "00:01")
    let clear = SafetyAdvice(latest: latest, now: flash.addingTimeInterval(1810))
    #expect(clear.level == .allClear)
    #expect(clear.remaining == 0)
  }

  @Test func durations() {
    #expect(DurationText.approximate(10) == "under a minute")
    #expect(DurationText.approximate(8 * 60 + 10) == "8 min")
    #expect(DurationText.approximate(65 * 60) == "1 h 05 min")
    #expect(DurationText.approximate(3 * 86400) == "3 days")
  }
}
