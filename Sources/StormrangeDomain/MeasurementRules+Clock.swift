import FoundationEssentials

/// What "after now" means for a measurement. Clocks disagree by seconds, and a time typed to the
/// minute lies up to a minute ahead, so a flash or its thunder may be dated up to
/// ``clockTolerance`` after the clock; later than that it has not happened yet.
///
/// `add` refuses such a measurement. Loading and import accept dates up to
/// ``storedDateLead`` ahead (another tool's clock, local time written as UTC), and the status
/// leaves those entries out until their time comes (``EntriesAhead``).
extension MeasurementRules {
  /// Seconds after the clock a flash or its thunder may be dated: the lead `add … at` and an
  /// imported row are allowed (``typedDateLead``).
  package static var clockTolerance: Double { typedDateLead }

  /// Whether `date` is more than ``clockTolerance`` after `now`.
  static func isAhead(_ date: Date, of now: Date) -> Bool {
    date.timeIntervalSince(now) > clockTolerance
  }

  /// Whether `measurement` is ahead of `now`: its thunder (a detector's reading: its date, see
  /// ``Measurement/thunderDate``) is more than ``clockTolerance`` after it. Since the thunder
  /// follows the flash, this holds of every measurement whose flash is ahead.
  static func isAhead(_ measurement: Measurement, of now: Date) -> Bool {
    isAhead(measurement.thunderDate, of: now)
  }

  /// Checks that the thunder of a flash at `flash`, `delay` seconds later, is not ahead of `now`.
  package static func checkThunder(flash: Date, delay: Double, now: Date) throws(MeasurementError) {
    let thunder = flash.addingTimeInterval(delay)
    guard !isAhead(thunder, of: now) else { throw .thunderAhead(flash: flash, delay: delay, now: now) }
  }
}
