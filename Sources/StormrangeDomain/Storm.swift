import FoundationEssentials

/// Measurements that belong to one storm: ordered by date, each less than ``separatingGap`` after the
/// one before. "The current storm" is the one holding the latest measurement.
///
/// Grouping goes by date, not by position in the history, because `add … at` and `import` can put
/// older measurements after newer ones.
package struct Storm: Equatable, Sendable {
  /// How long a gap between two flashes must be to put them in different storms: what decides
  /// which measurements are one storm, and so which the status, the nowcast and `stats` look at.
  /// Thirty minutes, as long as ``SafetyAdvice/allClearWait`` today, but a rule of its own: when the
  /// storm is over (``overAt``) is the all-clear's to say, and the two may come to differ.
  package static let separatingGap: Double = 30 * 60

  /// Positions in the history (0-based), in date order; the history number is position + 1.
  package let positions: [Int]
  /// The measurements, in date order (ties in history order).
  package let measurements: [Measurement]

  init(positions: [Int], measurements: [Measurement]) {
    self.positions = positions
    self.measurements = measurements
  }

  package var count: Int { measurements.count }
  /// The first flash.
  package var start: Date { measurements.first!.date }
  /// The last flash.
  package var end: Date { measurements.last!.date }
  /// The latest measurement and its position in the history.
  package var latest: (position: Int, measurement: Measurement) { (positions.last!, measurements.last!) }
  /// When its latest thunder was heard (a detector's reading counts at its date): not always the
  /// last flash's, since a far flash's thunder may come after a nearer, later flash's.
  package var lastThunder: Date { measurements.lazy.map(\.thunderDate).max()! }
  /// When the storm is over if no more lightning comes: ``SafetyAdvice/allClearWait`` (30 minutes)
  /// after its last thunder or strike at any range. For thunder timed or a detector's reading it is
  /// the moment of the all-clear; a located group beyond ``SafetyAdvice/thunderAudibleDistance``
  /// keeps its storm going without being thunder heard, else a storm seen only beyond 16 km would
  /// be over at once and never forecast.
  package var overAt: Date { lastThunder.addingTimeInterval(SafetyAdvice.allClearWait) }

  /// Whether the storm is over at `now`: its all-clear (``overAt``) has come.
  package func isOver(at now: Date) -> Bool { now >= overAt }
  package var nearest: Double { measurements.lazy.map(\.distance).min()! }
  package var farthest: Double { measurements.lazy.map(\.distance).max()! }
  package var meanDistance: Double { measurements.reduce(0) { $0 + $1.distance } / Double(count) }

  /// Every storm in `history`, oldest first.
  package static func all<History: RandomAccessCollection>(in history: History) -> [Storm]
  where History.Element == Measurement, History.Index == Int {
    let order = dateOrder(of: history)
    guard !order.isEmpty else { return [] }
    var storms: [Storm] = []
    var first = 0
    for next in 1...order.count {
      let ended =
        next == order.count
        || history[order[next]].date.timeIntervalSince(history[order[next - 1]].date) >= separatingGap
      guard ended else { continue }
      let positions = Array(order[first..<next])
      storms.append(Storm(positions: positions, measurements: positions.map { history[$0] }))
      first = next
    }
    return storms
  }

  /// The storm holding the latest measurement, or nil for an empty history. With `now`, the
  /// measurements ahead of it (``MeasurementRules/isAhead(_:of:)``) are left out: the storm holds
  /// the latest measurement up to now, or is nil when there is none. When the history is already in
  /// date order (the usual case) only the storm itself is visited, from the end (``RecentHistory``).
  package static func current<History: RandomAccessCollection>(in history: History, now: Date? = nil) -> Storm?
  where History.Element == Measurement, History.Index == Int {
    RecentHistory(history: history, now: now).storm
  }

  /// The `count` most recent measurements (by date) as one group, for `plot N`.
  package static func mostRecent<History: RandomAccessCollection>(_ count: Int, in history: History) -> Storm?
  where History.Element == Measurement, History.Index == Int {
    let order = dateOrder(of: history).suffix(count)
    guard !order.isEmpty else { return nil }
    return Storm(positions: Array(order), measurements: order.map { history[$0] })
  }

  /// Positions sorted by date, ties kept in history order.
  static func dateOrder<History: RandomAccessCollection>(of history: History) -> [Int]
  where History.Element == Measurement, History.Index == Int {
    // A concrete range: `history.indices` would be copied through unspecialized generic code.
    let positions = Array(history.startIndex..<history.endIndex)
    if isInDateOrder(history) { return positions }
    return positions.sorted { a, b in
      let (dateA, dateB) = (history[a].date, history[b].date)
      return dateA != dateB ? dateA < dateB : a < b
    }
  }

  private static func isInDateOrder<History: RandomAccessCollection>(_ history: History) -> Bool
  where History.Element == Measurement, History.Index == Int {
    var previous = Date.distantPast
    for measurement in history {
      if measurement.date < previous { return false }
      previous = measurement.date
    }
    return true
  }
}
