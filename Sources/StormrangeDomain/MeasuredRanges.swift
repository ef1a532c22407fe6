import FoundationEssentials

/// What a storm's ranges themselves did over its last ``window``, beside the nowcast: what was
/// measured, not an estimate of the rate now.
///
/// With at least ``robustCount`` measurements in the window it is the median of the first
/// ``endCount`` and the median of the last ``endCount``, each at the time of its middle
/// measurement, so that one odd strike (a flash from another cell, a slip of the stopwatch) moves
/// neither end. A median of three is one of the three, so an AS3935's steps stay steps. With fewer,
/// every range in the window is given as it was measured.
package struct MeasuredRanges: Equatable, Sendable {
  /// How far back from the storm's last measurement the ranges are read: 20 minutes.
  package static let window = 20 * 60.0
  /// How many measurements each end's median is taken over.
  package static let endCount = 3
  /// The fewest measurements in the window for the two medians; fewer are listed.
  static let robustCount = 2 * endCount

  package enum Shape: Equatable, Sendable {
    /// The medians of the first and the last ``endCount``, metres, and the seconds between their
    /// middle measurements.
    case medians(first: Double, last: Double, seconds: Double)
    /// Every range in the window, metres, oldest first, and the seconds from the first to the last.
    case listed([Double], seconds: Double)
  }

  package let shape: Shape
  /// Whether every measurement in the window is an AS3935's step (``AS3935/stepsKilometres``).
  package let allSteps: Bool

  /// The ranges of `storm`'s last ``window``; nil when it holds fewer than two measurements.
  package init?(_ storm: Storm) {
    let start = storm.end.addingTimeInterval(-Self.window)
    let recent = storm.measurements.filter { $0.date >= start }
    guard recent.count >= 2 else { return nil }
    allSteps = recent.allSatisfy { RangeObservation($0).sensor == .as3935 }
    guard recent.count >= Self.robustCount else {
      shape = .listed(
        recent.map(\.distance), seconds: recent.last!.date.timeIntervalSince(recent.first!.date))
      return
    }
    let first = Self.median(recent.prefix(Self.endCount))
    let last = Self.median(recent.suffix(Self.endCount))
    shape = .medians(
      first: first.distance, last: last.distance, seconds: last.date.timeIntervalSince(first.date))
  }

  /// The median distance of an odd number of measurements, at the date of the middle one by date.
  private static func median(_ measurements: ArraySlice<Measurement>) -> (distance: Double, date: Date) {
    let distances = measurements.map(\.distance).sorted()
    let byDate = measurements.sorted { $0.date < $1.date }
    return (distances[distances.count / 2], byDate[byDate.count / 2].date)
  }
}
