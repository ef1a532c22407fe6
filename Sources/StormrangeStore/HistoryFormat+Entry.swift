import FoundationEssentials
import StormrangeBase
import StormrangeDomain
import StormrangePropertyList

extension HistoryFormat {
  /// One entry from its dictionary; `position` (from 1) names it in errors. Beyond the types, it
  /// must be a measurement stormrange accepts from the file (``MeasurementRules/stored``): a file
  /// another tool wrote must not show a negative distance or an all-clear thousands of years away.
  package static func entry(from value: consuming PropertyListValue, position: Int, now: Date)
    throws(PropertyListError) -> HistoryEntry
  {
    guard case .dictionary(let entries) = value else {
      throw PropertyListError("entry \(position) is \(value.typeDescription), not a dictionary")
    }
    var fields = MeasurementFields()
    var others: [PropertyListEntry] = []
    for entry in entries {
      // Matched against each key's text in place: through `Key(rawValue:)` or a search of the keys,
      // decoding a 100k history took 9–19 % longer (callgrind).
      switch entry.key {
      case Key.date.rawValue:
        guard case .date(let value) = entry.value else { throw wrongType(entry, "a date", position) }
        fields.date = value
      case Key.delay.rawValue: fields.delay = try real(entry, position)
      case Key.distance.rawValue: fields.distance = try real(entry, position)
      case Key.temperature.rawValue: fields.temperature = try real(entry, position)
      case Key.speedOfSound.rawValue: fields.speedOfSound = try real(entry, position)
      case Key.note.rawValue: fields.note = try string(entry, position)
      case Key.bearing.rawValue: fields.bearing = try real(entry, position)
      case Key.source.rawValue: fields.source = try string(entry, position)
      case Key.detector.rawValue: fields.detector = try string(entry, position)
      case Key.latitude.rawValue: fields.latitude = try real(entry, position)
      case Key.longitude.rawValue: fields.longitude = try real(entry, position)
      case Key.nearest.rawValue: fields.nearest = try real(entry, position)
      case Key.strikes.rawValue: fields.strikes = try real(entry, position)
      case Key.spread.rawValue: fields.spread = try real(entry, position)
      default: others.append(entry)
      }
    }
    do {
      return HistoryEntry(try fields.measurement(under: .stored, now: now), otherKeys: others)
    } catch {
      // Named by its key, with the value the file holds, so it can be found and mended there.
      throw PropertyListError(
        error.message(.history(entry: "entry \(position)", values: fields, now: now, key: key)))
    }
  }

  /// The key the file stores `field` under.
  static func key(_ field: MeasurementFields.Key) -> String {
    let key: Key =
      switch field {
      case .date: .date
      case .delay: .delay
      case .distance: .distance
      case .temperature: .temperature
      case .speedOfSound: .speedOfSound
      case .note: .note
      case .bearing: .bearing
      case .source: .source
      case .detector: .detector
      case .latitude: .latitude
      case .longitude: .longitude
      case .nearest: .nearest
      case .strikes: .strikes
      case .spread: .spread
      }
    return key.rawValue
  }

  /// A finite real (integers are accepted: other tools may write `<integer>6</integer>`).
  private static func real(_ entry: PropertyListEntry, _ position: Int) throws(PropertyListError) -> Double {
    let number: Double
    switch entry.value {
    case .real(let value): number = value
    case .integer(let value): number = Double(value)
    default: throw wrongType(entry, "a real", position)
    }
    guard number.isFinite else {
      throw PropertyListError("entry \(position): '\(entry.key)' is \(number), not a finite number")
    }
    return number
  }

  private static func string(_ entry: PropertyListEntry, _ position: Int) throws(PropertyListError) -> String
  {
    guard case .string(let value) = entry.value else { throw wrongType(entry, "a string", position) }
    return value
  }

  private static func wrongType(_ entry: PropertyListEntry, _ expected: String, _ position: Int)
    -> PropertyListError
  {
    PropertyListError("entry \(position): '\(entry.key)' is \(entry.value.typeDescription), not \(expected)")
  }
}
