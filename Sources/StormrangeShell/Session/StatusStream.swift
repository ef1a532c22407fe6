import FoundationEssentials
import StormrangeDomain
import StormrangeRendering

/// Decides when `watch --json` prints a line: at start, after every change to the history, and when
/// the status changes with time: the advice's level (shelter now turning all clear 30 minutes after
/// the last thunder, when the storm is over) or whether lightning was within about 10 km in the
/// last 30 minutes, and an entry dated ahead coming due. While a storm is current its nowcast moves
/// with time, so a line comes at least every ``LiveStatus/nowcastInterval`` then too. Otherwise the
/// status is what was last printed, so nothing is repeated.
struct StatusStream {
  private struct State: Equatable {
    var level: SafetyAdvice.Level
    var close: Bool
    var over: Bool?
    var ahead: Int
    /// The current cells' numbers, the leading one first: a cell over, or the lead moving, is news.
    var cells: [Int]
  }

  private var printed: State?
  private var printedAt: Date?

  /// The line to print for `status` (without a line break), or nil when nothing changed.
  mutating func line(for status: HistoryStatus, historyChanged: Bool) -> String? {
    let advice = status.advice
    let state = State(
      level: advice.level, close: advice.lightningWithinCloseDistance, over: status.current?.isOver,
      ahead: status.ahead.count,
      cells: (status.leading.map { [status.cells[$0].number] } ?? []) + status.cells.map(\.number))
    let now = status.now
    let nowcastDue =
      status.current.map { !$0.isOver } == true
      && printedAt.map { now.timeIntervalSince($0) >= LiveStatus.nowcastInterval - 0.5 } != false
    guard printed == nil || historyChanged || state != printed || nowcastDue else { return nil }
    printed = state
    printedAt = now
    return StatusJSON.encode(status)
  }
}
