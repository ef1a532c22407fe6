import FoundationEssentials
import StormrangeBase
import StormrangeDomain
import StormrangePropertyList
import StormrangeStore

/// One measurement as an import file gives it, before it is checked.
///
/// A timed measurement needs the date and the delay; a missing temperature is the current
/// `set temperature` (as for `add`), a missing speed of sound is computed from the temperature, and
/// a missing distance from both. A detector's reading (a row with a source) needs the date, the
/// distance and the source, and has no delay, temperature or speed of sound.
struct ImportedRow {
  var date: Date?
  var delay: Double?
  var distance: Double?
  var temperature: Double?
  var speedOfSound: Double?
  var note: String?
  var bearing: Double?
  var source: String?

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
    guard !MeasurementRules.isAhead(date, of: now) else {
      throw .invalidArgument("the date \(UTCTime.format(date)) is in the future")
    }
    let bearing = try self.bearing.map { degrees throws(StormrangeError) in
      guard let bearing = Bearing(degrees: degrees) else {
        throw .invalidArgument("bearing_deg \(degrees) is not a bearing (0 to 360 degrees)")
      }
      return bearing
    }
    // Any note the history can hold comes back, so that an export always imports: line breaks,
    // tabs, DEL and C1 controls included, and no length limit (typed notes keep add's rules).
    if let note, let bad = HistoryFormat.unstorableCharacter(in: note) {
      throw .invalidArgument("the note contains \(bad.codePointName), which the history file cannot hold")
    }
    let measurement: Measurement
    var warning: String?
    if let source {
      measurement = try detectorReading(date: date, source: source, bearing: bearing)
    } else {
      (measurement, warning) = try timedMeasurement(
        date: date, bearing: bearing, defaultTemperature: defaultTemperature)
    }
    // What is imported must load again (a distance at the very edge may pass the test above only).
    if let problem = HistoryFormat.problem(with: measurement, now: now) { throw .invalidArgument(problem) }
    return (HistoryEntry(measurement), warning)
  }

  /// A detector's reading: a distance and a source, no timing.
  private func detectorReading(date: Date, source: String, bearing: Bearing?) throws(StormrangeError)
    -> Measurement
  {
    // JSON can give an empty source, which is neither a detector's name nor the null of a timed row.
    guard !source.isEmpty else {
      throw .invalidArgument(
        "source is empty: a detector's reading names its detector (1 to \(DetectorSource.maximumLength) "
          + "letters, digits, '-', '_' or '.', e.g. as3935), and a timed measurement has null")
    }
    for (key, value) in [
      ("delay_s", delay), ("temperature_c", temperature), ("speed_of_sound_mps", speedOfSound),
    ]
    where value != nil {
      throw .invalidArgument("a detector's reading (a row with a source) must not have \(key)")
    }
    guard let distance else { throw .invalidArgument("no distance_m for the detector's reading") }
    return try StormrangeError.wrapping { () throws(MeasurementError) in
      let detector = try MeasurementRules.source(source)
      try MeasurementRules.checkDetectorDistance(
        distance, source: detector, typed: "\(distance.description) m")
      return Measurement(
        date: date, distance: distance, origin: .detector(source: detector), bearing: bearing, note: note)
    }
  }

  /// A timed measurement, checked as `add` checks one, with a warning for a long delay.
  private func timedMeasurement(date: Date, bearing: Bearing?, defaultTemperature: Double)
    throws(StormrangeError) -> (Measurement, String?)
  {
    guard let delay else { throw .invalidArgument("no delay_s (nor a source, for a detector's reading)") }
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
    let timing = ThunderTiming(delay: delay, temperature: temperature, speedOfSound: speed)
    return (
      Measurement(date: date, distance: distance, origin: .timed(timing), bearing: bearing, note: note),
      warning
    )
  }
}
