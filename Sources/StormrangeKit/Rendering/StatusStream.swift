import StormrangeDomain

/// Decides when `watch --json` prints a line: at start, after every change to the history, and when
/// the advice changes with time: its level (shelter now turning all clear 30 minutes after the last
/// thunder) or whether lightning was within about 10 km in the last 30 minutes. Between those, the
/// status is what was last printed, so nothing is repeated.
struct StatusStream {
  private struct AdviceState: Equatable {
    var level: SafetyAdvice.Level
    var close: Bool
  }

  private var printed: AdviceState?

  /// The line to print for `status` (without a line break), or nil when nothing changed.
  mutating func line(for status: StormStatus?, historyChanged: Bool) -> String? {
    let advice = status?.advice ?? .noMeasurements
    let state = AdviceState(level: advice.level, close: advice.lightningWithinCloseDistance)
    guard printed == nil || historyChanged || state != printed else { return nil }
    printed = state
    return StatusJSON.encode(status)
  }
}
