import FoundationEssentials
import StormrangeDomain
import StormrangeStore

/// One row of a CSV or JSON file to import, before it is checked: its values, and what is
/// particular to import.
///
/// A timed measurement needs the date and the delay; a missing temperature is the current
/// `set temperature` (as for `add`), a missing speed of sound is computed from the temperature, and
/// a missing distance from both. A detector's reading (a row with a source) needs the date, the
/// distance and the source, and has no delay, temperature or speed of sound. Everything else is
/// ``MeasurementRules/imported``'s to check.
struct ImportedRow {
  var fields = MeasurementFields()

  /// The measurement, with the defaults filled in and checked with the rules for imported rows.
  func measurement(now: Date, defaultTemperature: Double) throws(ExchangeError) -> HistoryEntry {
    // JSON can give an empty source, which is neither a detector's name nor the null of a timed row.
    guard fields.source?.isEmpty != true else {
      throw .malformed(
        "source is empty: a detector's reading names its detector (\(DetectorSource.nameRule), "
          + "e.g. as3935), and a timed measurement has null")
    }
    var fields = fields
    if fields.source == nil, let delay = fields.delay {
      let temperature = fields.temperature ?? defaultTemperature
      let speedOfSound = fields.speedOfSound ?? SpeedOfSound.metresPerSecond(celsius: temperature)
      fields.temperature = temperature
      fields.speedOfSound = speedOfSound
      fields.distance = fields.distance ?? delay * speedOfSound
    }
    do throws(MeasurementError) {
      return HistoryEntry(try fields.measurement(under: .imported, now: now))
    } catch {
      throw .measurement(error)
    }
  }
}
