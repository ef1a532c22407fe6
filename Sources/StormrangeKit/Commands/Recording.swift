import FoundationEssentials
import StormrangeBase
import StormrangeDomain
import StormrangeStore

/// Validates and records one measurement, for `add`, `thunder` and the Enter key, then prints its one
/// confirmation line: `#12  2.06 km  (delay 6.00 s)`; at the prompt a one-line status summary
/// follows it: `  ± 0.15 km · approaching at 24 km/h · take shelter now`.
enum Recording {
  static func record(delay: Double, typed: String, date: Date, note: String?, in session: Session)
    throws(StormrangeError)
  {
    let warning = try StormrangeError.wrapping { () throws(MeasurementError) in
      let warning = try MeasurementRules.checkDelay(delay, as: typed)
      if let note { try MeasurementRules.checkNote(note) }
      return warning
    }
    let settings = session.currentSettings
    let measurement = Measurement(date: date, delay: delay, temperature: settings.temperature, note: note)
    let entry = HistoryEntry(measurement)
    let index = try session.changeHistory { entries -> Int in
      entries.append(entry)
      return entries.count
    }
    session.remember(.removeAdded(entry))
    session.shownNumbers.showed(index - 1..<index, of: session.history.entries)
    if let warning { session.warn(warning) }
    session.say(confirmation(index: index, measurement, unit: settings.unit))
    if session.mode == .interactive,
      let status = StormStatus(history: session.history, now: session.clock.now().wall)
    {
      session.say(
        "  " + StatusReport(status: status, unit: settings.unit, repertoire: session.repertoire).summaryLine)
    }
  }

  static func confirmation(index: Int, _ measurement: Measurement, unit: DistanceUnit) -> String {
    "#\(index)  \(unit.format(metres: measurement.distance))  (delay \(FixedPoint.fixed(measurement.delay, digits: 2)) s)"
  }
}
