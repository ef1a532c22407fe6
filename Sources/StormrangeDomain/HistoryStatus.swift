import FoundationEssentials

/// What `status` says of a history at a moment: the status of the current storm, from the
/// measurements up to now, and the entries left out because they are ahead of now. `status` (text,
/// `--json`, `--exit-code`), `watch` and the summary after each measurement all read it, so they
/// agree on what counts and on when a storm is over.
package struct HistoryStatus: Sendable {
  /// The status of the current storm's leading cell (``CellLead``), which is the storm itself when
  /// it has one cell; nil when no measurement is up to now.
  package var current: StormStatus? { leading.map { cells[$0].status } }
  /// The current storm's cells that are not over, in order of birth (``StormCells``); when every
  /// cell is over, the one holding the latest measurement. Empty when no measurement is up to now.
  package private(set) var cells: [CellStatus]
  /// The index in ``cells`` of the one `status` leads with.
  package let leading: Int?
  /// The current cells left out of ``cells`` because ``followedCells`` nearer ones are in it.
  package private(set) var fartherCells = 0
  /// The most current cells given a status, the nearest by their latest measurement: each costs a
  /// nowcast, and a network's stray strikes far away can each start a cell.
  package static let followedCells = 8
  /// The entries left out: ahead of now.
  package let ahead: EntriesAhead
  package private(set) var now: Date

  package init<History: RandomAccessCollection>(history: History, now: Date)
  where History.Element == Measurement, History.Index == Int {
    let recent = RecentHistory(history: history, now: now)
    (cells, fartherCells) = Self.cells(of: recent, now: now)
    leading = CellLead.leader(of: cells)
    ahead = recent.ahead
    self.now = now
  }

  /// The safety advice: all clear with no date when no measurement is up to now.
  package var advice: SafetyAdvice {
    current?.advice ?? SafetyAdvice(measurements: [Measurement](), now: now)
  }

  /// This status at `later`, without recomputing it (``StormStatus/at(_:)``); right up to
  /// ``nextChange(after:)``, after which it must be computed again.
  package func at(_ later: Date) -> HistoryStatus {
    var moved = self
    moved.cells = cells.map { $0.at(later) }
    moved.now = later
    return moved
  }

  /// The next moment after `now` at which the status changes by itself, with no new measurement:
  /// the current storm's next change, or the first entry ahead coming due.
  package func nextChange(after now: Date) -> Date? {
    (cells.map { $0.status.nextChange(after: now) } + [ahead.nextDue]).compactMap { $0 }.filter { $0 > now }
      .min()
  }

  /// The cells of `recent`'s storm that are not over at `now`, each with its status, at most
  /// ``followedCells`` of them (the nearest), and how many farther ones were left out; with none not
  /// over, the one holding the latest measurement.
  private static func cells(of recent: RecentHistory, now: Date) -> (followed: [CellStatus], farther: Int) {
    guard let storm = recent.storm else { return ([], 0) }
    let advice = SafetyAdvice(measurements: recent.advised, now: now)
    let all = StormCells(storm: storm).cells
    let current = all.count > 1 ? all.filter { !$0.storm.isOver(at: now) } : all
    var shown = current.isEmpty ? [all.max { $0.storm.end < $1.storm.end }!] : current
    let farther = max(shown.count - followedCells, 0)
    if farther > 0 {
      let distance = { (cell: StormCell) in cell.storm.latest.measurement.distance }
      let nearest = Set(
        shown.indices.sorted { distance(shown[$0]) < distance(shown[$1]) }.prefix(followedCells))
      shown = shown.indices.filter(nearest.contains).map { shown[$0] }
    }
    let followed = shown.map {
      CellStatus(number: $0.number, status: StormStatus(storm: $0.storm, advice: advice, now: now))
    }
    return (followed, farther)
  }
}
