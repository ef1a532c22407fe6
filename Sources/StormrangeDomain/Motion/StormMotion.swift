import FoundationEssentials

/// Everything the measurements of one storm say about its motion, through the nowcast filter
/// (``NowcastFilter``): the state of the storm at any moment after its last measurement, from which
/// come its trend (``RangeTrend``) and its motion over the ground (``GroundMotion``).
///
/// The filter reads the measurements of the last ``NowcastModel/memory`` seconds before the latest
/// (at most ``NowcastModel/maximumObservations``, evenly spread). Chances come from the first
/// measurement on; a direction, a rate and a motion need at least ``minimumCount`` measurements
/// over ``MotionModel/minimumSpan`` in the storm. Every error is one
/// standard deviation over the filter's hypotheses. Nothing here reads the clock.
public struct StormMotion: Sendable {
  /// How many measurements a trend needs.
  public static let minimumCount = 3

  public let observations: [RangeObservation]
  /// Why there is no trend or motion; nil when there is.
  public let unknownReason: MotionUnknownReason?
  /// Whether any of the measurements read has a bearing.
  public var hasBearings: Bool { filter?.hasBearings ?? false }

  private let filter: NowcastFilter?

  /// The motion of one storm's `observations`, in any order. `hypotheses` fewer than the nowcast's
  /// (``NowcastModel/particleCount``) make a coarser estimate faster: for a summary of many storms.
  public init(observations: [RangeObservation], hypotheses: Int? = nil) {
    // Sorted, so the same storm in any order gives the same figures to the last bit.
    let sorted = observations.sorted(by: RangeObservation.precedes)
    self.observations = sorted
    unknownReason = ObservationClock(sorted).shortfall(count: sorted.count, needed: Self.minimumCount)
    // Run from the first measurement on: too few for a direction still give chances.
    filter =
      sorted.isEmpty
      ? nil
      : NowcastFilter(observations: Self.recent(sorted), hypotheses: hypotheses ?? NowcastModel.particleCount)
  }

  /// The measurements the filter reads: those of the last ``NowcastModel/memory`` seconds, thinned
  /// evenly to at most ``NowcastModel/maximumObservations``.
  static func recent(_ sorted: [RangeObservation]) -> [RangeObservation] {
    guard let last = sorted.last?.date else { return [] }
    let start = last.addingTimeInterval(-NowcastModel.memory)
    let firstIndex = sorted.firstIndex { $0.date >= start } ?? sorted.startIndex
    let window = sorted[firstIndex...]
    let limit = NowcastModel.maximumObservations
    guard window.count > limit else { return Array(window) }
    // Evenly spread, always keeping the latest.
    return (0..<limit).map { step in
      window[window.endIndex - 1 - (step * (window.count - 1)) / (limit - 1)]
    }.reversed()
  }

  /// The nowcast at `date`, at or after the last measurement; nil without a measurement.
  func nowcast(at date: Date) -> Nowcast? {
    guard let filter else { return nil }
    return Nowcast(date > filter.time ? filter.predicted(to: date) : filter)
  }

  /// The trend at `now`: the rate of change of range when there are enough measurements, and with
  /// `forecast` (a storm that is not over) the chances and when the storm comes within 10 km.
  public func trend(at now: Date, forecast: Bool = true) -> RangeTrend {
    guard let nowcast = nowcast(at: now) else {
      return RangeTrend(unknown: unknownReason ?? .undetermined, asOf: now)
    }
    return RangeTrend(nowcast, unknown: unknownReason, forecast: forecast)
  }

  /// How the storm moves over the ground at `now`; nil when unknown.
  public func groundMotion(at now: Date) -> GroundMotion? {
    guard unknownReason == nil else { return nil }
    return nowcast(at: now).map(GroundMotion.init)
  }
}
