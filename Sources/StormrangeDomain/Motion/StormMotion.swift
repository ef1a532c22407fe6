import FoundationEssentials

/// Everything the measurements of one storm say about its motion: the trend of its range, its
/// closest approach from ranges alone, and its track from bearings.
///
/// The model: a storm moves on a straight track at constant speed; each range is to the nearest
/// part of a channel somewhere in the storm, so on top of each measurement's own uncertainty comes
/// the scatter of strikes within the storm (at least ``MotionModel/scatterFloor``). Every error is
/// one standard error. Nothing here reads the clock: the moment a trend is for is a parameter.
public struct StormMotion: Sendable {
  public let observations: [RangeObservation]
  /// The closest approach from ranges alone, when determined.
  public let rangeMotion: RangeMotion?
  /// The track from the measurements with a bearing, or why there is none.
  public let track: TrackEstimate

  let clock: ObservationClock
  let line: StraightLineTrend?

  /// The motion of one storm's `observations`, in any order.
  public init(observations: [RangeObservation]) {
    // Sorted, so the same storm in any order gives the same figures to the last bit.
    let sorted = observations.sorted { ($0.date, $0.distance) < ($1.date, $1.distance) }
    self.observations = sorted
    clock = ObservationClock(sorted)
    line =
      clock.shortfall(count: sorted.count, needed: StraightLineTrend.minimumCount) == nil
      ? StraightLineTrend(sorted, clock: clock) : nil
    rangeMotion = RangeMotion(observations: sorted)
    track = TrackMotion.fitting(sorted)
  }

  /// The trend at `now`: the rate of change of range, and when the storm comes within 10 km.
  public func trend(at now: Date) -> RangeTrend {
    if let reason = clock.shortfall(count: observations.count, needed: StraightLineTrend.minimumCount) {
      return RangeTrend(unknown: reason, asOf: now)
    }
    // The track from bearings, when it shows where the storm passes, knows the rate of change of
    // range now even when the ranges alone do not curve enough to show it.
    if let track = track.motion, track.closestApproach != nil {
      let rate = track.rangeRate(at: now)
      return RangeTrend(
        rate: rate.value, error: rate.error, range: track.range(at: now),
        arrival: track.date(within: MotionModel.closeDistance), basis: .track, now: now)
    }
    if let motion = rangeMotion {
      let rate = motion.rangeRate(at: now)
      return RangeTrend(
        rate: rate.value, error: rate.error, range: motion.range(at: now),
        arrival: motion.date(within: MotionModel.closeDistance), basis: .closestApproach, now: now)
    }
    guard let line else { return RangeTrend(unknown: .undetermined, asOf: now) }
    if abs(line.rate) > MotionModel.maximumSpeed {
      return RangeTrend(unknown: .inconsistent(speed: abs(line.rate)), asOf: now)
    }
    return RangeTrend(
      rate: line.rate, error: line.rateError, range: line.range(at: now),
      arrival: line.date(reaching: MotionModel.closeDistance), basis: .straightLine, now: now)
  }
}
