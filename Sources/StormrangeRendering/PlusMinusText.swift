import FoundationEssentials
import StormrangeBase
import StormrangeDomain

/// Every value stormrange shows with a ± in text, through ``ErrorRounding``: the error to one
/// significant digit (two when it is 1), the value to the same place. JSON keeps full precision.
struct PlusMinusText {
  let unit: DistanceUnit
  let repertoire: CharacterRepertoire
  /// The zone clock times are shown in.
  var localTime = LocalTime.system

  private var plusMinus: String { repertoire.plusMinus }

  /// `4.5 ± 2.0 km`; in metres (feet for miles) when the distance and its error are both under a
  /// tenth of the unit: `1.00 ± 0.10 m`.
  func distance(metres: Double, error: Double) -> String {
    let (value, error, unit) = distanceParts(metres: metres, error: error)
    return "\(value) \(plusMinus) \(error) \(unit)"
  }

  /// `7.55 km ± 0.16 km`, `1.00 m ± 0.10 m`, `30 m ± 150 m`: a measured distance and its own
  /// uncertainty, in the unit the distance is shown in alone (as `show` and `stats` show it).
  func distanceWithUnits(metres: Double, error: Double) -> String {
    let (value, error, unit) = distanceParts(metres: metres, error: error, unitOf: metres)
    return "\(value) \(unit) \(plusMinus) \(error) \(unit)"
  }

  /// `± 0.16 km`: the error of a distance of `metres` alone, rounded and in the unit it would be
  /// shown in beside it.
  func distanceError(metres: Double, error: Double) -> String {
    let (_, error, unit) = distanceParts(metres: metres, error: error, unitOf: metres)
    return "\(plusMinus) \(error) \(unit)"
  }

  /// `12.0 ± 0.2 km/h`, `36 ± 3 km/h`, `15 ± 4 mph`.
  func speed(metresPerSecond speed: Double, error: Double) -> String {
    let (name, scale) = unit.speedUnit
    let (value, error) = ErrorRounding.round(speed * scale, error: error * scale, finestPlace: -2)
    return "\(value) \(plusMinus) \(error) \(name)"
  }

  /// `93° ± 10°`, `93.4° ± 1.2°`.
  func angle(degrees: Double, error: Double) -> String {
    // Rounded first, so that 359.7° at whole degrees reads 0°, not 360°.
    let step = ErrorRounding.power(ErrorRounding.place(of: error, finestPlace: -1))
    let turned = ((degrees / step).rounded(.toNearestOrAwayFromZero) * step).truncatingRemainder(
      dividingBy: 360)
    let (value, error) = ErrorRounding.round(
      turned < 0 ? turned + 360 : turned, error: error, finestPlace: -1)
    return "\(value)° \(plusMinus) \(error)°"
  }

  /// `08:38 ± 3 min`, `08:38:20 ± 40 s`: a local clock time (with its date when not the day of
  /// `now`) to the place of its error, in minutes from 2 minutes on, else in seconds (at least
  /// to the second).
  func clock(_ date: Date, error seconds: Double, besides now: Date) -> String {
    let minutes = seconds / 60
    let inMinutes = minutes.isFinite && minutes >= 1 && ErrorRounding.lastSignificantPlace(minutes) >= 0
    let (step, amount, name) = inMinutes ? (60.0, minutes, "min") : (1.0, seconds, "s")
    let place = ErrorRounding.place(of: amount, finestPlace: 0)
    let rounded = round(date, toMultipleOf: step * ErrorRounding.power(place))
    let error = ErrorRounding.round(0, error: amount, finestPlace: 0).error
    let clock = DurationText.clock(rounded, besides: now, in: localTime)
    return "\(inMinutes ? DurationText.toTheMinute(clock) : clock) \(plusMinus) \(error) \(name)"
  }

  /// The rounded distance, its rounded error, and the unit they are in.
  /// The unit is the one `unitOf` is shown in, by default the larger of the distance and its error.
  private func distanceParts(metres: Double, error: Double, unitOf: Double? = nil) -> (String, String, String)
  {
    let shown = unit.shown(forMetres: unitOf ?? max(abs(metres), error.isFinite ? error : 0))
    let finest = shown == .metres || shown == .feet ? -2 : -3
    let (value, error) = ErrorRounding.round(
      metres / shown.metresPerUnit, error: error / shown.metresPerUnit, finestPlace: finest)
    return (value, error, shown.rawValue)
  }

  /// `date` rounded to the nearest multiple of `step` seconds of the local day (from midnight), so
  /// that 10-minute steps fall on :00, :10… in any zone.
  private func round(_ date: Date, toMultipleOf step: Double) -> Date {
    let parts = localTime.components(date)
    let fraction = date.timeIntervalSince1970 - date.timeIntervalSince1970.rounded(.down)
    let ofDay = Double(parts.hour * 3600 + parts.minute * 60 + parts.second) + fraction
    return date.addingTimeInterval((ofDay / step).rounded(.toNearestOrAwayFromZero) * step - ofDay)
  }
}
