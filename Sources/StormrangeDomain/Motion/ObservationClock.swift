import FoundationEssentials

/// Times of a storm's observations as seconds from their mean, which keeps fits well conditioned.
struct ObservationClock: Sendable {
  /// The mean date of the observations: time zero.
  let reference: Date
  /// Seconds from the first observation to the last.
  let span: TimeInterval

  init(_ observations: [RangeObservation]) {
    let dates = observations.map(\.date)
    let first = dates.min() ?? Date(timeIntervalSince1970: 0)
    let offsets = dates.map { $0.timeIntervalSince(first) }
    reference = first.addingTimeInterval(offsets.reduce(0, +) / Double(max(offsets.count, 1)))
    span = offsets.max() ?? 0
  }

  func seconds(_ date: Date) -> Double { date.timeIntervalSince(reference) }

  func date(_ seconds: Double) -> Date { reference.addingTimeInterval(seconds) }

  /// Why `count` observations over this span are not enough for a fit needing `needed`, or nil.
  func shortfall(count: Int, needed: Int) -> MotionUnknownReason? {
    if count < needed { return .tooFewMeasurements(have: count, needed: needed) }
    if span < MotionModel.minimumSpan { return .tooShortSpan(span: span, minimum: MotionModel.minimumSpan) }
    return nil
  }
}
