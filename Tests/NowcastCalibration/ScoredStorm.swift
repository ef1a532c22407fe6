import FoundationEssentials
import StormSimulator
import StormrangeDomain

/// One simulated storm's status, a minute after its last measurement, beside the truth.
package struct ScoredStorm: Sendable {
  package let storm: SimulatedStorm
  package let trend: RangeTrend
  package let groundMotion: GroundMotion?
  /// The metres of the latest measurement, as `status` shows it.
  package let latestDistance: Double
  /// The rate of ``SixRangeLine`` on the same measurements.
  package let lineRate: Double?
  /// Whether ``SixRangeLine`` warns of the storm within 10 km in the next 30 minutes.
  package let lineWarns: Bool

  /// `storm` scored: its measurements through `StormStatus`.
  package init(_ storm: SimulatedStorm) {
    let measurements = storm.measurements.map(\.measurement)
    let status = StormStatus(history: measurements, now: Date(timeIntervalSince1970: storm.statusTime))!
    self.storm = storm
    trend = status.trend
    groundMotion = status.groundMotion
    latestDistance = status.latest.distance
    lineRate = SixRangeLine.rate(of: measurements)
    lineWarns = SixRangeLine.warns(
      of: measurements, at: Date(timeIntervalSince1970: storm.statusTime), within: StormTruth.closeDistance,
      window: Self.warningWindow)
  }

  package var truth: StormTruth { storm.truth }

  /// Whether `estimate` ± `factor` × `error` holds `truth`; nil when either is not given.
  static func covers(_ estimate: Double?, _ error: Double?, _ truth: Double?, factor: Double) -> Bool? {
    guard let estimate, let error, let truth else { return nil }
    return abs(estimate - truth) <= factor * error
  }

  /// Whether the trend's rate ± `factor` σ holds the true rate; nil when no rate is given.
  package func rateCovered(factor: Double) -> Bool? {
    Self.covers(trend.rate, trend.speedError, truth.rangeRate, factor: factor)
  }

  package func speedCovered(factor: Double) -> Bool? {
    Self.covers(groundMotion?.speed, groundMotion?.speedError, truth.groundSpeed, factor: factor)
  }

  /// Whether the heading ± `factor` σ holds the true heading (the smaller angle between them); nil
  /// when none is given or the storm is at rest.
  package func headingCovered(factor: Double) -> Bool? {
    guard let heading = groundMotion?.heading, let error = groundMotion?.headingError,
      let truth = truth.heading
    else { return nil }
    return PlaneVector.angle(between: heading, and: truth) <= factor * error
  }

  package func closestDistanceCovered(factor: Double) -> Bool? {
    let closest = groundMotion?.closestApproach
    return Self.covers(closest?.distance, closest?.distanceError, truth.closestDistance, factor: factor)
  }

  /// Nil also when the storm is at rest, which has no time of closest approach.
  package func closestTimeCovered(factor: Double) -> Bool? {
    let closest = groundMotion?.closestApproach
    return Self.covers(
      closest?.date.timeIntervalSince1970, closest?.dateError, truth.closestTime, factor: factor)
  }

  /// Metres per second: a true range rate within this of zero is "neither coming nor going".
  package static let steadyRate = 5 / 3.6

  /// Whether the direction is wrong: the truth is more than 5 km/h one way and status says the
  /// other, or within 5 km/h and status says approaching or receding.
  package var directionIsWrong: Bool {
    let rate = truth.rangeRate
    switch trend.direction {
    case .approaching: return rate >= -Self.steadyRate
    case .receding: return rate <= Self.steadyRate
    case .steady, .unknown: return false
    }
  }

  /// Seconds since 1970 of the earliest arrival within 10 km the status gives (the median where it
  /// gives no interval); nil when it makes no forecast.
  package var forecastEarliest: Double? {
    (trend.within10kmEarliest ?? trend.within10km)?.timeIntervalSince1970
  }

  /// Seconds by which an arrival may beat the earliest time before it counts as late.
  package static let lateAllowance = 5 * 60.0

  /// Whether a forecast was made and the storm came within 10 km more than 5 minutes before its
  /// earliest time; nil without a forecast.
  package var arrivedLate: Bool? {
    guard let earliest = forecastEarliest else { return nil }
    guard let arrival = truth.arrivalWithin10km else { return false }
    return arrival < earliest - Self.lateAllowance
  }

  /// Seconds ahead within which an arrival must have been forecast.
  package static let warningWindow = 30 * 60.0

  /// For a storm outside 10 km that comes within it in the next 30 minutes: whether status gave it
  /// a chance of at least ``CalibrationBands/warningChance`` of doing so. Nil for any other.
  package var arrivalGivenChance: Bool? {
    guard truth.range > StormTruth.closeDistance, comesWithin10km else { return nil }
    return (trend.within10kmChance ?? 0) >= CalibrationBands.warningChance
  }

  /// For a storm at rest: whether status gave it a heading. Nil for one that moves.
  package var headingGivenAtRest: Bool? {
    truth.isAtRest ? groundMotion?.heading != nil : nil
  }

  /// Metres per second between the trend's rate and the truth, and the line's; nil unless both
  /// are given.
  package var rateErrors: (estimator: Double, line: Double)? {
    guard let rate = trend.rate, let lineRate else { return nil }
    return (abs(rate - truth.rangeRate), abs(lineRate - truth.rangeRate))
  }
}
