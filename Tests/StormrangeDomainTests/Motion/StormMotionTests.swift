import FoundationEssentials
import Testing

@testable import StormrangeDomain

/// The nowcast on small, hand-made storms: what it refuses, what it claims and what it must not.
/// Its calibration over simulated storms is `NowcastCalibrationTests`.
@Suite struct StormMotionTests {
  @Test func quickTapsReportNoSpeed() {
    let motion = StormMotion(observations: [
      observed(0, km: 1.10), observed(4, km: 4.12), observed(8, km: 3.43),
    ])
    let trend = motion.trend(at: origin.addingTimeInterval(8))
    #expect(trend.direction == .unknown)
    #expect(trend.unknownReason == .tooShortSpan(span: 8, minimum: 300))
    #expect(trend.speed == nil && trend.speedError == nil && trend.rate == nil && trend.within10km == nil)
    #expect(motion.groundMotion(at: origin.addingTimeInterval(8)) == nil)
  }

  @Test func aTrendNeedsThreeMeasurements() {
    let trend = StormMotion(observations: [observed(0, km: 9), observed(600, km: 8)]).trend(at: origin)
    #expect(trend.unknownReason == .tooFewMeasurements(have: 2, needed: 3))
    #expect(
      StormMotion(observations: []).trend(at: origin).unknownReason == .tooFewMeasurements(have: 0, needed: 3)
    )
  }

  @Test func aSteadyApproachForecastsAnIntervalWithin10Kilometres() throws {
    // 30 km to 18 km over 15 minutes: 48 km/h closer, so 10 km about 10 minutes after the last.
    let observations = stride(from: 0.0, through: 900, by: 60).map { observed($0, km: 30 - 12 * $0 / 900) }
    let now = origin.addingTimeInterval(960)
    let trend = StormMotion(observations: observations).trend(at: now)
    #expect(trend.direction == .approaching)
    let rate = try #require(trend.rate)
    let error = try #require(trend.speedError)
    #expect(rate < 0 && abs(rate * 3.6 + 48) < 3 * error * 3.6)
    let (earliest, median) = (try #require(trend.within10kmEarliest), try #require(trend.within10km))
    #expect(earliest <= median)
    if let latest = trend.within10kmLatest { #expect(median <= latest) }
    #expect(earliest > now && median.timeIntervalSince(now) < 30 * 60)
  }

  @Test func noArrivalWhenAlreadyWithinTenKilometres() throws {
    let trend = StormMotion(observations: [observed(0, km: 14), observed(600, km: 11), observed(1200, km: 8)])
      .trend(at: origin.addingTimeInterval(1200))
    #expect(trend.within10km == nil && trend.within10kmEarliest == nil && trend.within10kmLatest == nil)
    // Inside now counts as within 10 km in the next 30 minutes.
    #expect(try #require(trend.within10kmChance) > 0.5)
  }

  /// 2000 equally weighted hypotheses, `agreeing` of them with rate `rate` (m/s), the rest with
  /// `others`.
  func rates(_ agreeing: Int, at rate: Double, others: Double) -> WeightedSample {
    WeightedSample(
      values: (0..<2000).map { $0 < agreeing ? rate : others },
      weights: [Double](repeating: 1.0 / 2000, count: 2000))
  }

  /// Nine hypotheses in ten must agree before a direction is claimed, exactly 1800 of 2000 among
  /// them (whose weights sum to a hair under 0.9); those at rest (rate 0) agree with neither.
  @Test(arguments: [
    (1800, -5.0, 0.0, RangeTrend.Direction.approaching), (1799, -5, 0, .steady), (1800, 5, 0, .receding),
    (1799, 5, 0, .steady), (2000, 0, 0, .steady), (1000, -5, 5, .steady),
  ])
  func aDirectionNeedsNineHypothesesInTen(
    agreeing: Int, rate: Double, others: Double, expected: RangeTrend.Direction
  ) {
    #expect(RangeTrend.Direction(rates: rates(agreeing, at: rate, others: others)) == expected)
  }

  /// A direction never contradicts the rate shown, the mean: nine in ten falling slowly while one
  /// in ten rises fast is steady.
  @Test func aDirectionAgreesWithTheMeanRate() {
    #expect(RangeTrend.Direction(rates: rates(1900, at: -2, others: 50)) == .steady)
    #expect(RangeTrend.Direction(rates: rates(1900, at: 2, others: -50)) == .steady)
  }

  /// A hypothesis whose range changes by less than 5 km/h either way counts for neither direction,
  /// in the word and in the chances alike.
  @Test func aRangeChangingByUnderFiveKilometresAnHourIsNeitherWay() {
    let slow = rates(2000, at: -1.3, others: 0)
    #expect(RangeTrend.Direction(rates: slow) == .steady)
    #expect(RangeTrend.chances(of: slow) == (0, 0))
    let brisk = RangeTrend.chances(of: rates(1500, at: -1.5, others: 1.5))
    #expect(abs(brisk.approaching - 0.75) < 1e-9 && abs(brisk.receding - 0.25) < 1e-9)
  }

  @Test func oneFlashAlreadyGivesChancesButNoDirection() throws {
    let trend = StormMotion(observations: [observed(0, km: 25)]).trend(at: origin.addingTimeInterval(60))
    #expect(trend.direction == .unknown && trend.unknownReason == .tooFewMeasurements(have: 1, needed: 3))
    #expect(trend.rate == nil && trend.speed == nil)
    let chance = try #require(trend.within10kmChance)
    #expect(chance > 0 && chance < 0.5)
    let (approaching, receding) = (try #require(trend.chanceApproaching), try #require(trend.chanceReceding))
    #expect(approaching > 0 && receding > 0 && approaching + receding <= 1 + 1e-9)
  }

  @Test func aStormOverGetsNoChances() {
    let trend = StormMotion(observations: [
      observed(0, km: 14), observed(600, km: 12), observed(1200, km: 10.5),
    ])
    .trend(at: origin.addingTimeInterval(1200), forecast: false)
    #expect(trend.direction != .unknown)
    #expect(trend.within10kmChance == nil && trend.chanceApproaching == nil && trend.chanceReceding == nil)
    #expect(trend.within10km == nil)
  }

  /// A storm coming straight in from 30 km is likely to come close, surely so when its bearing
  /// holds; from ranges alone, a fast storm passing 10 km off fits them too. One leaving is not.
  @Test func theChanceFollowsTheCourse() throws {
    let times = Array(stride(from: 0.0, through: 900, by: 60))
    let coming = times.map { observed($0, km: 30 - 12 * $0 / 900) }
    let comingOnABearing = times.map { observed($0, km: 30 - 12 * $0 / 900, bearing: 200) }
    let leaving = times.map { observed($0, km: 20 + 12 * $0 / 900) }
    let now = origin.addingTimeInterval(960)
    func chance(_ observations: [RangeObservation]) throws -> Double {
      try #require(StormMotion(observations: observations).trend(at: now).within10kmChance)
    }
    let (onABearing, rangesOnly) = (try chance(comingOnABearing), try chance(coming))
    #expect(onABearing > 0.75 && onABearing > rangesOnly)
    #expect(rangesOnly > 0.5)
    #expect(try chance(leaving) < 0.05)
  }

  /// The chance within 30 minutes is part of what comes within 3 hours, and the times of those that
  /// come are in order; a storm inside already has come, at time 0.
  @Test func anArrivalForecastIsConsistent() throws {
    let coming = stride(from: 0.0, through: 900, by: 60).map { observed($0, km: 30 - 12 * $0 / 900) }
    let forecast = try #require(StormMotion(observations: coming).summary(at: origin.addingTimeInterval(960)))
      .forecastArrival(within: 10_000)
    #expect(forecast.chance <= forecast.comingShare && forecast.comingShare <= 1)
    let times = try #require(forecast.times)
    #expect(0 <= times.earliest && times.earliest <= times.median && times.median <= times.latest)
    let inside = try #require(
      StormMotion(observations: [observed(0, km: 2)]).summary(at: origin.addingTimeInterval(60))
    ).forecastArrival(within: 10_000)
    #expect(inside.chance > 0.99 && inside.times?.earliest == 0)
  }

  /// The times of coming within 10 km are given whatever the word, when one outcome in five comes:
  /// here a storm closing from 19 to 14 km, too slowly for nine hypotheses in ten to agree.
  @Test func arrivalTimesDoNotWaitForTheDirectionWord() throws {
    let kilometres = [20.6, 19.0, 17.2, 15.9, 14.1, 12.7]
    let observations = kilometres.indices.map { observed(Double($0) * 240, km: kilometres[$0]) }
    let trend = StormMotion(observations: observations).trend(at: origin.addingTimeInterval(1260))
    #expect(trend.direction != .receding)
    let (earliest, median, latest) = (
      try #require(trend.within10kmEarliest), try #require(trend.within10km),
      try #require(trend.within10kmLatest)
    )
    #expect(earliest <= median && median <= latest)
  }

  @Test func aHypothesisAtRestCountsForNeitherDirection() {
    let sample = WeightedSample(values: [-3, -2, 0, 4], weights: [0.5, 0.3, 0.15, 0.05])
    #expect(abs(sample.share { $0 < 0 } - 0.8) < 1e-12)
    #expect(abs(sample.share { $0 > 0 } - 0.05) < 1e-12)
  }

  @Test func aSlowDriftWithinTheScatterIsSteady() {
    // 9.0, 8.5, 8.0 km over ten minutes: 6 km/h, but 0.5 km steps are well inside strike scatter.
    let trend = StormMotion(observations: [observed(0, km: 9), observed(300, km: 8.5), observed(600, km: 8)])
      .trend(at: origin.addingTimeInterval(600))
    #expect(trend.direction == .steady)
    #expect(trend.speed != nil)
    #expect(trend.within10km == nil)
  }

  @Test func aRangeThatHasGrownForMinutesIsNeverApproaching() {
    // Closing in for twenty minutes, then receding for ten: the rate now is the receding one.
    let closing = stride(from: 0.0, through: 1200, by: 120).map { observed($0, km: 30 - 15 * $0 / 1200) }
    let receding = stride(from: 1320.0, through: 1920, by: 120).map {
      observed($0, km: 15 + 10 * ($0 - 1200) / 720)
    }
    let trend = StormMotion(observations: closing + receding).trend(at: origin.addingTimeInterval(1980))
    #expect(trend.direction == .receding)
  }

  @Test func aStormAtRestHasNoHeading() throws {
    // Bearings and ranges that scatter around one place for half an hour.
    let ranges = [20.3, 19.1, 21.0, 19.8, 20.6, 19.4, 20.9, 19.7, 20.2, 20.8, 19.5, 20.1]
    let bearings = [245.0, 252, 238, 250, 247, 241, 255, 244, 249, 236, 251, 246]
    let observations = ranges.indices.map {
      observed(Double($0) * 150, km: ranges[$0], bearing: bearings[$0])
    }
    let now = origin.addingTimeInterval(1710)
    let motion = try #require(StormMotion(observations: observations).groundMotion(at: now))
    #expect(!motion.isMoving && motion.heading == nil && motion.closestApproach == nil)
  }

  @Test func anAS3935AtItsLastStepIsNotSeenAsStill() {
    // 31, 34, 37, then 40 km five times: the storm is leaving, and 40 means "38.5 km or more".
    let readings = [31.0, 34, 37, 40, 40, 40, 40, 40]
    let observations = readings.indices.map { chip(Double($0) * 180, km: readings[$0]) }
    let trend = StormMotion(observations: observations).trend(at: origin.addingTimeInterval(1320))
    #expect(trend.direction != .approaching)
    #expect(trend.rate.map { $0 > 0 } == true)
  }

  @Test func theOrderOfObservationsDoesNotMatter() {
    let observations = (0..<12).map { (index: Int) -> RangeObservation in
      let wobble: Double = index % 2 == 0 ? 0.4 : -0.4
      let km: Double = 25 - Double(index) * 0.9 + wobble
      return observed(Double(index) * 140, km: km, bearing: 200 + Double(index))
    }
    let now = origin.addingTimeInterval(1700)
    let forwards = StormMotion(observations: observations)
    let backwards = StormMotion(observations: observations.reversed())
    #expect(forwards.trend(at: now) == backwards.trend(at: now))
    #expect(forwards.groundMotion(at: now) == backwards.groundMotion(at: now))
  }

  @Test func aLongStormIsReadOverItsRecentPastOnly() {
    // A day of measurements a minute apart: the filter reads the last 90 minutes, at most 400.
    let observations = (0..<1440).map { observed(Double($0) * 60, km: 20) }
    let recent = StormMotion.recent(observations)
    #expect(recent.count == 91)
    #expect(recent.last == observations.last)
    let dense = (0..<5400).map { observed(Double($0), km: 20) }
    let thinned = StormMotion.recent(dense)
    #expect(thinned.count == NowcastConstants.maximumObservations && thinned.last == dense.last)
  }
}

extension RangeTrend.Direction {
  /// The word for these hypotheses' rates, as the trend finds it: the chances of falling and of
  /// rising faster than ``MotionThresholds/steadyRate`` (``RangeTrend/chances(of:)``), and the
  /// mean rate.
  fileprivate init(rates: WeightedSample) {
    let (approaching, receding) = RangeTrend.chances(of: rates)
    self.init(chanceApproaching: approaching, chanceReceding: receding, meanRate: rates.mean)
  }
}
