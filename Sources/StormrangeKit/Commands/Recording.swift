import FoundationEssentials
import StormrangeBase
import StormrangeDomain
import StormrangeStore

/// Validates and records one measurement, for `add`, `thunder` and the Enter key, then prints its one
/// confirmation line: `#12  2.06 km NE  (delay 6.00 s)`; at the prompt a one-line status summary
/// follows it: `  ± 0.15 km · approaching at 24 km/h · take shelter now`.
enum Recording {
  /// Records a timed delay (`typed` as given, for messages) at the current temperature.
  static func recordDelay(
    _ delay: Double, typed: String, date: Date, bearing: Bearing?, note: String?, in session: Session
  ) throws(StormrangeError) {
    let warning = try StormrangeError.wrapping { () throws(MeasurementError) in
      let warning = try MeasurementRules.checkDelay(delay, as: typed)
      if let note { try MeasurementRules.checkNote(note) }
      return warning
    }
    let measurement = Measurement(
      date: date, delay: delay, temperature: session.currentSettings.temperature, bearing: bearing, note: note
    )
    try record(measurement, warning: warning, in: session)
  }

  /// Records `measurement`, already checked, and confirms it; `warning` is shown first.
  static func record(_ measurement: Measurement, warning: String?, in session: Session)
    throws(StormrangeError)
  {
    let entry = HistoryEntry(measurement)
    let index = try session.changeHistory { entries -> Int in
      entries.append(entry)
      return entries.count
    }
    session.remember(.removeAdded(entry))
    session.saved(.added(index: index))
    session.shownNumbers.showed(index - 1..<index, of: session.history.entries)
    if let warning { session.warn(warning) }
    let unit = session.currentSettings.unit
    session.say(confirmation(index: index, measurement, unit: unit))
    guard session.mode == .interactive else { return }
    let status = HistoryStatus(history: session.history, now: session.clock.now().wall)
    if let current = status.current {
      let report = StatusReport(
        status: current, unit: unit, repertoire: session.repertoire, palette: session.palette,
        ahead: status.ahead)
      session.say("  " + report.summaryLine)
    }
  }

  static func confirmation(index: Int, _ measurement: Measurement, unit: DistanceUnit) -> String {
    "#\(index)  \(MeasurementText.distance(measurement, unit: unit))  (\(MeasurementText.origin(measurement)))"
  }
}
