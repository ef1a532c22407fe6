import FoundationEssentials
import StormrangeDomain
import StormrangeRendering
import StormrangeStore

/// Validates and records one measurement, for `add`, `thunder` and the Enter key, then prints its one
/// confirmation line: `#12  2.06 km NE  (delay 6.00 s)`; at the prompt a one-line status summary
/// follows it: `  ± 0.15 km · approaching at 24 km/h · take shelter now`.
extension Session {
  /// Records a timed delay (`typed` as given, for messages) at the current temperature, its delay
  /// and note checked with `rules` (``MeasurementRules/typed`` or ``MeasurementRules/stopwatch``).
  ///
  /// Each add reads the settings once (``Session/currentSettings``, which may warn about the file),
  /// before the history changes: the temperature goes into the measurement, the unit into its
  /// confirmation.
  func recordDelay(
    _ delay: Double, typed: String, date: Date, bearing: Bearing?, note: String?,
    under rules: MeasurementRules, remark: String? = nil
  ) throws(StormrangeError) {
    let warning = try StormrangeError.wrapping { () throws(MeasurementError) in
      let warning = try rules.checkDelay(delay, as: typed)
      if let note { try rules.checkNote(note) }
      return warning
    }
    let settings = currentSettings
    let measurement = Measurement(
      date: date, delay: delay, temperature: settings.temperature, bearing: bearing, note: note)
    try record(measurement, warning: warning, unit: settings.unit, remark: remark)
  }

  /// Records `measurement`, already checked, and confirms it in `unit`; `warning` is shown first,
  /// `remark` ends the confirmation line (`, dated 02:50:00 local, 12 min ago`: what a time typed
  /// was understood as), and `hint` is a line of its own after it.
  package func record(
    _ measurement: Measurement, warning: String?, unit: DistanceUnit, remark: String? = nil,
    hint: String? = nil
  ) throws(StormrangeError) {
    let entry = HistoryEntry(measurement)
    let index = try changeHistory { entries -> Int in
      entries.append(entry)
      return entries.count
    }
    remember(.removeAdded(entry))
    saved(.added(index: index))
    // What a later `delete N` checks; a one-shot command has no later one, and a long-running one
    // would keep a second copy of every entry it records.
    if canUndoLater { shownNumbers.showed(index - 1..<index, of: history.entries) }
    if let warning { warn(warning) }
    say(Self.confirmation(index: index, measurement, unit: unit) + (remark.map { ", \($0)" } ?? ""))
    if let hint { say(hint) }
    guard mode == .interactive else { return }
    let status = HistoryStatus(history: history, now: clock.now().wall)
    if let current = status.current {
      let report = StatusReport(
        status: current, unit: unit, repertoire: repertoire, localTime: localTime, palette: palette,
        ahead: status.ahead)
      say("  " + report.summaryLine)
    }
  }

  /// Puts `new` in place of the entry that holds `old`, a located group still gathering strikes
  /// (``LocatedRecorder``), searched from the end, where open groups are. Returns false, and changes
  /// nothing, when no entry holds `old` any more (the history was cleared). Not an undo step: the
  /// entry stays the one its `add` made.
  package func replaceGathering(_ old: Measurement, with new: Measurement) throws(StormrangeError) -> Bool {
    try changeHistory { entries -> Bool in
      guard let index = entries.lastIndex(where: { $0.measurement == old }) else { return false }
      entries[index] = HistoryEntry(new)
      return true
    }
  }

  static func confirmation(index: Int, _ measurement: Measurement, unit: DistanceUnit) -> String {
    "#\(index)  \(MeasurementText.distance(measurement, unit: unit))  (\(MeasurementText.origin(measurement)))"
  }
}
