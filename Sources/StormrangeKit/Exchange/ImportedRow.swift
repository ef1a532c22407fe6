import FoundationEssentials
import StormrangeBase
import StormrangeDomain
import StormrangePropertyList
import StormrangeStore

/// One measurement as an import file gives it, before it is checked. Only the date and the delay
/// are required; a missing temperature is the current `set temperature` (as for `add`), a missing
/// speed of sound is computed from the temperature, and a missing distance from both.
struct ImportedRow {
  var date: Date?
  var delay: Double?
  var distance: Double?
  var temperature: Double?
  var speedOfSound: Double?
  var note: String?

  /// Dates the history file can hold (a property-list date is between the years 1 and 9999).
  static let plausibleDates =
    Date(
      timeIntervalSince1970: Double(CivilTime.days(year: 1, month: 1, day: 1) * 86400))...Date(
      timeIntervalSince1970: Double(CivilTime.days(year: 10000, month: 1, day: 1) * 86400 - 1))

  /// The measurement, checked with the rules `add` applies (``MeasurementRules``) plus consistency
  /// of the stored values; returns it with a warning to show, if any.
  func measurement(now: Date, defaultTemperature: Double) throws(StormrangeError) -> (HistoryEntry, String?) {
    guard let date else { throw .invalidArgument("no date") }
    guard Self.plausibleDates.contains(date) else {
      throw .invalidArgument("the date \(UTCTime.format(date)) is not between the years 1 and 9999")
    }
    guard date.timeIntervalSince(now) <= 60 else {
      throw .invalidArgument("the date \(UTCTime.format(date)) is in the future")
    }
    guard let delay else { throw .invalidArgument("no delay") }
    let warning = try StormrangeError.wrapping { () throws(MeasurementError) in
      try MeasurementRules.checkDelay(delay, as: delay.description)
    }
    let temperature = self.temperature ?? defaultTemperature
    guard SpeedOfSound.plausibleCelsius.contains(temperature) else {
      throw .invalidArgument(
        "temperature \(temperature) °C is not a plausible air temperature (-60 to 60 °C)")
    }
    let speed = speedOfSound ?? SpeedOfSound.metresPerSecond(celsius: temperature)
    guard SpeedOfSound.plausibleMetresPerSecond.contains(speed) else {
      throw .invalidArgument(
        "speed of sound \(speed) m/s is not plausible in air (\(Int(SpeedOfSound.plausibleMetresPerSecond.lowerBound)) to "
          + "\(Int(SpeedOfSound.plausibleMetresPerSecond.upperBound)) m/s)")
    }
    let expected = delay * speed
    let distance = self.distance ?? expected
    // A spreadsheet may round; a distance that disagrees by more was edited without the delay.
    guard abs(distance - expected) <= max(1, expected * 0.005) else {
      throw .invalidArgument(
        "distance \(distance) m does not match delay × speed of sound (\(FixedPoint.fixed(expected, digits: 1)) m)"
      )
    }
    // Any note the history can hold comes back, so that an export always imports: line breaks,
    // tabs, DEL and C1 controls included, and no length limit (typed notes keep add's rules).
    if let note, let bad = HistoryFormat.unstorableCharacter(in: note) {
      throw .invalidArgument("the note contains \(bad.codePointName), which the history file cannot hold")
    }
    let measurement = Measurement(
      date: date, delay: delay, distance: distance, temperature: temperature, speedOfSound: speed, note: note)
    // What is imported must load again (a distance at the very edge may pass the test above only).
    if let problem = HistoryFormat.problem(with: measurement, now: now) { throw .invalidArgument(problem) }
    return (HistoryEntry(measurement), warning)
  }
}
