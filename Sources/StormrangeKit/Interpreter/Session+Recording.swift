import FoundationEssentials

extension Session {
  /// Validates and records one measurement, then prints its one confirmation line:
  /// `#12  2.06 km  (delay 6.00 s)`; at the prompt a one-line status summary follows it:
  /// `  ± 0.15 km · approaching at 24 km/h · take shelter now`.
  func record(delay: Double, typed: String, date: Date, note: String?) throws(StormrangeError) {
    let warning = try MeasurementRules.checkDelay(delay, as: typed)
    if let note { try MeasurementRules.checkNote(note) }
    let settings = currentSettings
    let measurement = Measurement(date: date, delay: delay, temperature: settings.temperature, note: note)
    try refreshHistory()
    let index = try history.modify { entries -> Int in
      entries.append(measurement)
      return entries.count
    }
    remember(.removeAdded(measurement))
    if let warning { warn(warning) }
    say(Self.confirmation(index: index, measurement, unit: settings.unit))
    if mode == .interactive, let status = StormStatus(history: history, now: clock.now().wall) {
      say("  " + StatusReport(status: status, unit: settings.unit, repertoire: repertoire).summaryLine)
    }
  }

  static func confirmation(index: Int, _ measurement: Measurement, unit: DistanceUnit) -> String {
    "#\(index)  \(unit.format(metres: measurement.distance))  (delay \(FixedPoint.fixed(measurement.delay, digits: 2)) s)"
  }
}
