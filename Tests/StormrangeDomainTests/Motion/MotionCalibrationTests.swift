import FoundationEssentials
import Testing

@testable import StormrangeDomain

/// Over many seeded storms of known track, about 68 % of true values must fall within ±1σ of the
/// estimates and about 95 % within ±2σ: errors that are too small and errors that are inflated
/// both fail.
@Suite struct MotionCalibrationTests {
  static let seeds: [UInt64] = Array(1...500)
  /// The trend's rate of change of range at the last measurement, over all seeds.
  func trendCoverage(_ storm: SyntheticStorm, _ name: String) -> (Coverage, [RangeTrend]) {
    var coverage = Coverage(name)
    var trends: [RangeTrend] = []
    for seed in Self.seeds {
      let trend = StormMotion(observations: storm.observations(seed: seed)).trend(at: storm.now)
      trends.append(trend)
      guard let speed = trend.speed, let error = trend.speedError else { continue }
      let signed = trend.direction == .approaching ? -speed : speed
      let truth = storm.rangeRate(at: storm.now.timeIntervalSince(origin))
      // A steady trend's sign is the fit's; compare the unsigned figures then.
      coverage.add(
        estimate: trend.direction == .steady ? speed : signed, error: error,
        truth: trend.direction == .steady ? abs(truth) : truth)
    }
    print(coverage)
    return (coverage, trends)
  }

  @Test func headOnApproach() {
    let storm = SyntheticStorm.headOn()
    let (coverage, trends) = trendCoverage(storm, "head-on trend speed")
    #expect(coverage.isCalibrated, "\(coverage)")
    let approaching = trends.filter { $0.direction == .approaching }.count
    #expect(approaching >= 490, "approaching in \(approaching) of 500")
  }

  @Test func receding() {
    let storm = SyntheticStorm.receding
    let (coverage, trends) = trendCoverage(storm, "receding trend speed")
    #expect(coverage.isCalibrated, "\(coverage)")
    #expect(trends.filter { $0.direction == .receding }.count >= 490)
  }

  @Test func stationary() {
    let storm = SyntheticStorm.stationary()
    let (coverage, trends) = trendCoverage(storm, "stationary trend speed")
    #expect(coverage.isCalibrated, "\(coverage)")
    let steady = trends.filter { $0.direction == .steady }.count
    #expect((450...500).contains(steady), "steady in \(steady) of 500")
  }

  @Test func detectorReadingsMixedWithTimedOnes() {
    let storm = SyntheticStorm.mixedWithDetector
    let (coverage, _) = trendCoverage(storm, "mixed trend speed")
    #expect(coverage.isCalibrated, "\(coverage)")
  }

  @Test func passingFiveKilometresNorthFromRangesAlone() {
    let storm = SyntheticStorm.passingNorth()
    var speed = Coverage("passing: ground speed from ranges")
    var closest = Coverage("passing: closest distance from ranges")
    var time = Coverage("passing: closest time from ranges")
    for seed in Self.seeds {
      guard let motion = StormMotion(observations: storm.observations(seed: seed)).rangeMotion else {
        continue
      }
      speed.add(estimate: motion.speed, error: motion.speedError, truth: storm.speed)
      closest.add(
        estimate: motion.closestApproach.distance, error: motion.closestApproach.distanceError,
        truth: storm.closestDistance)
      time.add(
        estimate: motion.closestApproach.date.timeIntervalSince(origin),
        error: motion.closestApproach.dateError,
        truth: storm.closestTime)
    }
    print(speed, closest, time, separator: "\n")
    #expect(speed.count >= 480, "determined in \(speed.count) of 500")
    for coverage in [speed, closest, time] { #expect(coverage.isCalibrated, "\(coverage)") }
    let (trend, _) = trendCoverage(storm, "passing trend speed")
    #expect(trend.isCalibrated, "\(trend)")
  }

  @Test func aStormThatPassedToOneSideIsRecedingByItsTrack() {
    let storm = SyntheticStorm.passedTwelveKilometresNorth()
    let (coverage, trends) = trendCoverage(storm, "passed 12 km north: trend speed from the track")
    #expect(coverage.isCalibrated, "\(coverage)")
    let approaching = trends.filter { $0.direction == .approaching }.count
    #expect(approaching <= 25, "approaching in \(approaching) of 500")
    #expect(trends.allSatisfy { $0.within10km == nil }, "it never comes within 10 km")
  }

  @Test func headOnWithBearingsPassesOverTheObserverWithAnHonestError() {
    let storm = SyntheticStorm.headOn(withBearings: true)
    var closest = Coverage("head-on: closest distance from bearings")
    var trend = Coverage("head-on: trend speed from the track")
    // 1000 seeds: here the 2σ share sits near the band's lower edge (about 91 %: the
    // extrapolation to the observer has slightly heavier tails than a Gaussian), and 500 seeds
    // leave ±1 % of noise on it.
    for seed in 1...UInt64(1000) {
      let motion = StormMotion(observations: storm.observations(seed: seed))
      if let approach = motion.track.motion?.closestApproach {
        // The truth is 0 km: the estimate is |signed distance|, so ±1σ holds it as often as a
        // Gaussian's does.
        closest.add(estimate: approach.distance, error: approach.distanceError, truth: 0)
        #expect(approach.distanceError > 100, "an error of \(approach.distanceError) m")
      }
      let now = motion.trend(at: storm.now)
      if let speed = now.speed, let error = now.speedError, now.direction == .approaching {
        trend.add(
          estimate: -speed, error: error, truth: storm.rangeRate(at: storm.now.timeIntervalSince(origin)))
      }
    }
    print(closest, trend, separator: "\n")
    #expect(closest.count >= 980)
    #expect(closest.isCalibrated, "\(closest)")
    #expect(trend.isCalibrated, "\(trend)")
  }

  @Test func passingFiveKilometresNorthWithBearings() {
    let storm = SyntheticStorm.passingNorth(withBearings: true)
    var speed = Coverage("passing: ground speed from bearings")
    var heading = Coverage("passing: heading from bearings")
    var closest = Coverage("passing: closest distance from bearings")
    var time = Coverage("passing: closest time from bearings")
    var bearing = Coverage("passing: closest bearing from bearings")
    for seed in Self.seeds {
      guard case .known(let track) = StormMotion(observations: storm.observations(seed: seed)).track,
        let approach = track.closestApproach, let trackHeading = track.heading,
        let headingError = track.headingError,
        let approachBearing = approach.bearing, let bearingError = approach.bearingError
      else { continue }
      speed.add(estimate: track.speed, error: track.speedError, truth: storm.speed)
      heading.add(estimate: trackHeading, error: headingError, truth: storm.heading, isAngle: true)
      closest.add(estimate: approach.distance, error: approach.distanceError, truth: storm.closestDistance)
      time.add(
        estimate: approach.date.timeIntervalSince(origin), error: approach.dateError, truth: storm.closestTime
      )
      bearing.add(estimate: approachBearing, error: bearingError, truth: storm.closestBearing, isAngle: true)
    }
    print(speed, heading, closest, time, bearing, separator: "\n")
    #expect(speed.count >= 490, "moving in \(speed.count) of 500")
    for coverage in [speed, heading, closest, time, bearing] { #expect(coverage.isCalibrated, "\(coverage)") }
  }
}
