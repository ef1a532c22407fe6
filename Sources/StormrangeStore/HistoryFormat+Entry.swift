import FoundationEssentials
import StormrangeBase
import StormrangeDomain
import StormrangePropertyList

extension HistoryFormat {
  /// One entry from its dictionary; `position` (from 1) names it in errors. Beyond the types, it
  /// must be a measurement stormrange accepts from the file (``MeasurementRules/stored``): a file
  /// another tool wrote must not show a negative distance or an all-clear thousands of years away.
  public static func entry(from value: consuming PropertyListValue, position: Int, now: Date)
    throws(PropertyListError) -> HistoryEntry
  {
    guard case .dictionary(let entries) = value else {
      throw PropertyListError("entry \(position) is \(value.typeDescription), not a dictionary")
    }
    var fields = MeasurementFields()
    var others: [PropertyListEntry] = []
    for entry in entries {
      switch entry.key {
      case "date":
        guard case .date(let value) = entry.value else { throw wrongType(entry, "a date", position) }
        fields.date = value
      case "delay": fields.delay = try real(entry, position)
      case "distance": fields.distance = try real(entry, position)
      case "temperature": fields.temperature = try real(entry, position)
      case "speedOfSound": fields.speedOfSound = try real(entry, position)
      case "note": fields.note = try string(entry, position)
      case "bearing": fields.bearing = try real(entry, position)
      case "source": fields.source = try string(entry, position)
      case "detector": fields.detector = try string(entry, position)
      default: others.append(entry)
      }
    }
    do {
      return HistoryEntry(try fields.measurement(under: .stored, now: now), otherKeys: others)
    } catch {
      throw problem(error, in: fields, position: position, now: now)
    }
  }

  /// The key the file stores `field` under.
  static func key(_ field: MeasurementFields.Key) -> String {
    switch field {
    case .date: "date"
    case .delay: "delay"
    case .distance: "distance"
    case .temperature: "temperature"
    case .speedOfSound: "speedOfSound"
    case .note: "note"
    case .bearing: "bearing"
    case .source: "source"
    case .detector: "detector"
    }
  }

  /// Why entry `position`, whose values are `fields`, breaks `rule`, naming the key and showing the
  /// value as the file holds them.
  private static func problem(
    _ rule: MeasurementError, in fields: MeasurementFields, position: Int, now: Date
  ) -> PropertyListError {
    let text: String
    switch rule {
    case .missing(.delay):
      return PropertyListError(
        "entry \(position) has no 'delay' (nor a 'source', as a detector's reading has)")
    case .missing(let field):
      return PropertyListError("entry \(position) has no '\(key(field))'")
    case .timingBesideSource(let field):
      return PropertyListError(
        "entry \(position) has both 'source' and '\(key(field))': a detector's reading has no timing")
    case .sourceInvalid(let name):
      text =
        "'source' is \(shown(name)), not 1 to \(DetectorSource.maximumLength) letters, digits, '-', '_' or '.'"
    case .kindInvalid(let kind):
      text =
        "'detector' is \(shown(kind)), not \(DetectorKind.allCases.map { "'\($0.rawValue)'" }.joined(separator: " or "))"
    case .kindContradictsSource(let name, let kind):
      text = "'detector' is '\(kind.rawValue)', but 'source' is \(shown(name)), which is an AS3935"
    case .kindWithoutSource:
      return PropertyListError(
        "entry \(position) has 'detector' but no 'source': only a detector's reading has a kind")
    case .bearingOutOfRange(let degrees):
      text = "'bearing' is \(degrees.messageText), not a bearing (0 to 360 degrees)"
    case .bearingInvalid(let typed):
      text = "'bearing' is \(shown(typed)), not a bearing (0 to 360 degrees)"
    case .delayNotPositive, .delayTooShort, .delayTooLong:
      text =
        "'delay' is \(shown(fields.delay)), not a delay stormrange accepts "
        + "(more than 0, at most \(Int(MeasurementRules.maximumDelay)) s)"
    case .temperatureImplausible(let celsius):
      let range = SpeedOfSound.plausibleCelsius
      text =
        "'temperature' is \(celsius.messageText), not a plausible air temperature "
        + "(\(Int(range.lowerBound)) to \(Int(range.upperBound)) °C)"
    case .speedOfSoundImplausible(let speed):
      let range = SpeedOfSound.plausibleMetresPerSecond
      text =
        "'speedOfSound' is \(speed.messageText), not a plausible speed of sound in air "
        + "(\(Int(range.lowerBound.rounded(.up))) to \(Int(range.upperBound)) m/s)"
    case .distanceNotPositive, .distanceTooFar, .timedDistanceOutOfRange:
      text =
        "'distance' is \(shown(fields.distance)), not a distance stormrange accepts "
        + "(more than 0, at most \(Int(MeasurementRules.maximumDistance)) m)"
    case .distanceMismatch(let distance, let expected):
      text = "'distance' is \(distance.messageText), not delay × speed of sound (\(expected.messageText) m)"
    case .notAnAS3935Step:
      text = "'distance' is \(shown(fields.distance)), not one of the AS3935's steps (\(AS3935.stepsText) km)"
    case .dateOutOfRange:
      text = "'date' is outside the years 0001 to 9999"
    case .thunderAhead(let flash, let delay, let now):
      // Loading keeps entries dated ahead (the status leaves them out); only `add` refuses this.
      text =
        "'date' is \(UTCTime.format(flash)), whose thunder \(delay.messageText) s later is after now "
        + "(\(UTCTime.format(now)))"
    case .dateAhead(let date, _):
      // The stored rules' lead, MeasurementRules.storedDateLead.
      text = "'date' is \(UTCTime.format(date)), more than a day ahead of the clock (\(UTCTime.format(now)))"
    case .noteUnstorable(let scalar), .noteControlCharacter(let scalar), .noteNonCharacter(let scalar):
      text = "'note' contains \(scalar.codePointName), which the history file cannot hold"
    case .noteTooLong(let length):
      text = "'note' is \(length) characters long; the limit is \(MeasurementRules.maximumNoteLength)"
    }
    return PropertyListError("entry \(position): \(text)")
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

  /// A stored number as a message shows it (the value a rule about it was broken by).
  private static func shown(_ number: Double?) -> String { number?.messageText ?? "missing" }

  /// A stored string as a message shows it: quoted, with control characters escaped, and cut
  /// after 40 characters.
  private static func shown(_ text: String) -> String {
    let cut = text.count > 40 ? String(text.prefix(40)) + "…" : text
    return "'\(cut.escapedForDisplay)'"
  }

  private static func wrongType(_ entry: PropertyListEntry, _ expected: String, _ position: Int)
    -> PropertyListError
  {
    PropertyListError("entry \(position): '\(entry.key)' is \(entry.value.typeDescription), not \(expected)")
  }
}
