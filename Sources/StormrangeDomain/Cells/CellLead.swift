import FoundationEssentials

/// Which cell `status` leads with: the one that matters most to the observer, steadily.
///
/// The cells whose chance of coming within 10 km in the next 30 minutes is within
/// ``chanceMargin`` of the highest are alike in chance. Of those, the oldest (the lowest number)
/// leads, unless another is nearer than it by more than ``distanceMargin``, reckoned by the mean
/// distance of each cell's measurements of its last ``distanceMemory``: then the nearest does. The
/// margins, and a mean rather than the latest group (whose place jitters by a kilometre), keep two
/// alike cells from swapping every minute (Home Assistant's entities would jump); the lead moves
/// when a chance or a distance truly pulls ahead.
package enum CellLead {
  /// Points of chance (0–1) within which two cells' chances count as alike.
  package static let chanceMargin = 0.1
  /// Metres by which a cell must be nearer than the oldest alike cell to lead instead: about a
  /// cell's breadth (``CellRule/gate``), beyond any jitter of its mean place.
  package static let distanceMargin = 5_000.0
  /// Seconds of a cell's latest measurements whose mean distance says how near it is.
  package static let distanceMemory = 10.0 * 60

  /// The index in `cells` (in order of birth) of the leading one; nil when there is none.
  static func leader(of cells: [CellStatus]) -> Int? {
    guard let top = cells.map(\.chance).max() else { return nil }
    let alike = cells.indices.filter { cells[$0].chance >= top - chanceMargin }
    let oldest = alike[0]
    let nearest = alike.min { recentDistance(cells[$0]) < recentDistance(cells[$1]) }!
    return recentDistance(cells[oldest]) - recentDistance(cells[nearest]) > distanceMargin ? nearest : oldest
  }

  /// The mean distance of `cell`'s measurements of its last ``distanceMemory``.
  static func recentDistance(_ cell: CellStatus) -> Double {
    let storm = cell.status.storm
    let since = storm.end.addingTimeInterval(-distanceMemory)
    let recent = storm.measurements.reversed().prefix { $0.date >= since }
    return recent.reduce(0) { $0 + $1.distance } / Double(recent.count)
  }
}
