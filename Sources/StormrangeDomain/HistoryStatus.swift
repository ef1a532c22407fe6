import FoundationEssentials

/// What `status` says of a history at a moment: the status of the current storm, from the
/// measurements up to now, and the entries left out because they are ahead of now. `status` (text,
/// `--json`, `--exit-code`), `watch` and the summary after each measurement all read it, so they
/// agree on what counts and on when a storm is over.
package struct HistoryStatus: Sendable {
  /// The current storm's status; nil when no measurement is up to now.
  package private(set) var current: StormStatus?
  /// The entries left out: ahead of now.
  package let ahead: EntriesAhead
  package private(set) var now: Date

  package init<History: RandomAccessCollection>(history: History, now: Date)
  where History.Element == Measurement, History.Index == Int {
    let recent = RecentHistory(history: history, now: now)
    current = StormStatus(recent, now: now)
    ahead = recent.ahead
    self.now = now
  }

  /// The safety advice: all clear with no date when no measurement is up to now.
  package var advice: SafetyAdvice { current?.advice ?? SafetyAdvice(measurements: [Measurement](), now: now) }

  /// This status at `later`, without recomputing it (``StormStatus/at(_:)``); right up to
  /// ``nextChange(after:)``, after which it must be computed again.
  package func at(_ later: Date) -> HistoryStatus {
    var moved = self
    moved.current = current?.at(later)
    moved.now = later
    return moved
  }

  /// The next moment after `now` at which the status changes by itself, with no new measurement:
  /// the current storm's next change, or the first entry ahead coming due.
  package func nextChange(after now: Date) -> Date? {
    [current?.nextChange(after: now), ahead.nextDue].compactMap { $0 }.filter { $0 > now }.min()
  }
}
