import FoundationEssentials

/// Everything the measurements of one storm say about its motion, through the nowcast filter
/// (``NowcastFilter``): the state of the storm at any moment after its last measurement
/// (``NowcastSummary``), from which come its trend (``RangeTrend``) and its motion over the ground
/// (``GroundMotion``).
///
/// The filter reads the measurements of the last ``NowcastConstants/memory`` seconds before the
/// latest (at most ``NowcastConstants/maximumObservations``, evenly spread). Chances come from the
/// first measurement on; a direction, a rate and a motion need at least
/// ``MotionThresholds/minimumCount`` measurements over ``MotionThresholds/minimumSpan`` in the
/// storm. Every error is one standard deviation over the filter's hypotheses. Nothing here reads
/// the clock.
package struct StormMotion: Sendable {
  /// Why there is no trend or motion; nil when there is.
  package let unknownReason: MotionUnknownReason?

  private let filter: NowcastFilter?

  /// The motion of one storm's `observations`, in any order. `hypotheses` fewer than the nowcast's
  /// (``NowcastConstants/particleCount``) make a coarser estimate faster: for a summary of many
  /// storms.
  package init(observations: [RangeObservation], hypotheses: Int? = nil) {
    // Sorted, so the same storm in any order gives the same figures to the last bit.
    let sorted = observations.sorted(by: RangeObservation.precedes)
    unknownReason = Self.shortfall(of: sorted)
    // Run from the first measurement on: too few for a direction still give chances.
    filter =
      sorted.isEmpty
      ? nil
      : NowcastFilter(
        observations: Self.recent(sorted), hypotheses: hypotheses ?? NowcastConstants.particleCount)
  }

  /// Why the observations `sorted` by date give no direction, rate or motion: too few, or over
  /// too short a span; nil when they give them.
  private static func shortfall(of sorted: [RangeObservation]) -> MotionUnknownReason? {
    let needed = MotionThresholds.minimumCount
    guard sorted.count >= needed, let first = sorted.first, let last = sorted.last else {
      return .tooFewMeasurements(have: sorted.count, needed: needed)
    }
    let span = last.date.timeIntervalSince(first.date)
    let minimum = MotionThresholds.minimumSpan
    return span < minimum ? .tooShortSpan(span: span, minimum: minimum) : nil
  }

  /// The measurements the filter reads: those of the last ``NowcastConstants/memory`` seconds,
  /// thinned evenly to at most ``NowcastConstants/maximumObservations``.
  static func recent(_ sorted: [RangeObservation]) -> [RangeObservation] {
    guard let last = sorted.last?.date else { return [] }
    let start = last.addingTimeInterval(-NowcastConstants.memory)
    let firstIndex = sorted.firstIndex { $0.date >= start } ?? sorted.startIndex
    let window = sorted[firstIndex...]
    let limit = NowcastConstants.maximumObservations
    guard window.count > limit else { return Array(window) }
    // Evenly spread, always keeping the latest.
    return (0..<limit).map { step in
      window[window.endIndex - 1 - (step * (window.count - 1)) / (limit - 1)]
    }.reversed()
  }

  /// What the filter says of the storm at `date`, at or after the last measurement; nil without a
  /// measurement.
  func summary(at date: Date) -> NowcastSummary? {
    guard let filter else { return nil }
    return NowcastSummary(date > filter.time ? filter.predicted(to: date) : filter)
  }

  /// The trend at `now`: the rate of change of range when there are enough measurements, and with
  /// `forecast` (a storm that is not over) the chances and when the storm comes within 10 km, from
  /// the forecast of an arrival, which runs the hypotheses forward
  /// (``NowcastSummary/forecastArrival(within:)``).
  package func trend(at now: Date, forecast: Bool = true) -> RangeTrend {
    guard let summary = summary(at: now) else {
      return RangeTrend(unknown: unknownReason ?? .undetermined, asOf: now)
    }
    let arrival = forecast ? summary.forecastArrival(within: MotionThresholds.closeDistance) : nil
    return RangeTrend(summary, unknown: unknownReason, arrival: arrival)
  }

  /// How the storm moves over the ground at `now`; nil when unknown.
  package func groundMotion(at now: Date) -> GroundMotion? {
    guard unknownReason == nil else { return nil }
    return summary(at: now).map(GroundMotion.init)
  }
}
