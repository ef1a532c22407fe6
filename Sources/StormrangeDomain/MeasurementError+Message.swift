import FoundationEssentials
import StormrangeBase

/// The one wording of every ``MeasurementError``: the history file's (the Store's) and a person's
/// (the application's, for what was typed, imported or read from a detector) are made here, so a
/// rule's limits are stated once. The two differ on purpose, and only as ``Wording`` says.
extension MeasurementError {
  /// Whom a message is for, which decides how it names the values and shows them.
  package struct Wording: Sendable {
    /// How the message names the value of a field: the history's key (`'delay'`), an import's
    /// column (`delay_s`).
    let key: @Sendable (MeasurementFields.Key) -> String
    /// The history's voice: the entry the values belong to (`entry 3`), named in the message, with
    /// its values as the file holds them and the clock it was loaded by, so that the message names
    /// the key to look for and the value found there (`entry 3: 'delay' is -1, not …`). Nil: a
    /// person's voice, about what they typed, imported or a detector sent, each value as given.
    let entry: (name: String, values: MeasurementFields, now: Date)?
    /// The zone a person's clock times are shown in: the session's.
    let localTime: LocalTime

    /// For entry `name` of the history file, whose values are `values`, loaded at `now`; `key`
    /// names a value as the file does.
    package static func history(
      entry name: String, values: MeasurementFields, now: Date,
      key: @escaping @Sendable (MeasurementFields.Key) -> String
    ) -> Wording {
      Wording(key: { "'\(key($0))'" }, entry: (name, values, now), localTime: .utc)
    }

    /// For a person: `key` names a value as an import file does, and clock times are in
    /// `localTime`.
    package static func person(
      key: @escaping @Sendable (MeasurementFields.Key) -> String, localTime: LocalTime
    ) -> Wording {
      Wording(key: key, entry: nil, localTime: localTime)
    }
  }

  /// The error as one line: `entry 3: 'delay' is -1, not a delay stormrange accepts (more than 0,
  /// at most 300 s)` for the history, `delay must be a positive number of seconds, not '-1'` for a
  /// person. Where the two voices differ, the history's names the key and shows the value the file
  /// holds, so it can be found and mended there; a person's shows the value as typed, and what to do.
  package func message(_ wording: Wording) -> String {
    let key = wording.key
    let entry = wording.entry
    // In the history's voice a message is about an entry: `entry 3: …`.
    let inEntry = { (text: String) in entry.map { "\($0.name): \(text)" } ?? text }
    // A number as the file holds it.
    let held = { (number: Double?) in number?.messageText ?? "missing" }
    // The history's one message for any delay refused, showing the delay the file holds.
    let delayHeld = { (entry: (name: String, values: MeasurementFields, now: Date)?) in
      entry.map {
        inEntry(
          "\(key(.delay)) is \(held($0.values.delay)), not a delay stormrange accepts "
            + "(more than 0, at most \(Int(MeasurementRules.maximumDelay)) s)")
      }
    }
    switch self {
    case .missing(let field):
      guard let entry else {
        let why =
          switch field {
          case .delay: " (nor a \(key(.source)), for a detector's reading)"
          case .distance: " for the detector's reading"
          default: ""
          }
        return "no \(key(field))\(why)"
      }
      let why = field == .delay ? " (nor a \(key(.source)), as a detector's reading has)" : ""
      return "\(entry.name) has no \(key(field))\(why)"
    case .timingBesideSource(let field):
      return entry.map {
        "\($0.name) has both \(key(.source)) and \(key(field)): a detector's reading has no timing"
      }
        ?? "a detector's reading (a row with a source) must not have \(key(field))"
    case .kindWithoutSource:
      let given = entry.map { "\($0.name) has \(key(.detector)) but no \(key(.source))" }
      return "\(given ?? "a detector kind is given, but no source"): only a detector's reading has a kind"
    case .sourceInvalid(let name):
      guard entry == nil else {
        return inEntry("\(key(.source)) is \(Self.shown(name)), not \(DetectorSource.nameRule)")
      }
      let folder = DetectorSource.folderNames.contains(name) ? " (. and .. name folders)" : ""
      return
        "\(Self.shown(name)) is not a detector name\(folder); use \(DetectorSource.nameRule), e.g. as3935"
    case .kindInvalid(let kind):
      let kinds = DetectorKind.allCases.map { "'\($0.rawValue)'" }.listed("or")
      return entry == nil
        ? "\(Self.shown(kind)) is not a kind of detector; use \(DetectorKind.choices)"
        : inEntry("\(key(.detector)) is \(Self.shown(kind)), not \(kinds)")
    case .kindContradictsSource(let name, let kind):
      return entry == nil
        ? "the source \(Self.shown(name)) is an AS3935, not a \(kind.rawValue) detector; "
          + "name a \(kind.rawValue) detector otherwise, or leave out the kind"
        : inEntry(
          "\(key(.detector)) is '\(kind.rawValue)', but \(key(.source)) is \(Self.shown(name)), which is an AS3935"
        )
    case .locatedValueWithoutKind(let field):
      let given = entry.map { "\($0.name) has \(key(field))" } ?? "\(key(field)) is given"
      return "\(given), but \(key(.detector)) is not '\(DetectorKind.located.rawValue)': "
        + "only a located group has a position, a nearest strike, a count and a spread"
    case .locatedValueOutOfRange(let field, let value):
      return inEntry("\(key(field)) is \(value.messageText), not \(Self.locatedRule(field))")
    case .bearingOutOfRange(let degrees):
      return entry == nil
        ? "\(key(.bearing)) \(degrees) is not \(Self.bearingRule)"
        : inEntry("\(key(.bearing)) is \(degrees.messageText), not \(Self.bearingRule)")
    case .bearingInvalid(let typed):
      // Only typed: a file's bearing is a number.
      return
        "'\(typed.escapedForDisplay)' is not a bearing; use degrees clockwise from north (0 to 360) or a compass point: \(Bearing.compassPoints.joined(separator: ", "))"
    case .delayNotPositive(let typed):
      return delayHeld(entry)
        ?? "delay must be a positive number of seconds, not '\(typed.escapedForDisplay)'"
    case .delayTooShort(let typed):
      return delayHeld(entry)
        ?? "a delay of \(typed.escapedForDisplay) s is not a thunder delay: the shortest is \(MeasurementRules.minimumThunderDelay.description) s"
    case .delayTooLong(let typed):
      return delayHeld(entry)
        ?? "delay \(typed.escapedForDisplay) s is too long: \(MeasurementRules.thunderRangeText), and stormrange takes at most \(Int(MeasurementRules.maximumDelay)) s; type the seconds you counted"
    case .temperatureImplausible(let celsius):
      return entry == nil
        ? "temperature \(celsius) °C is not \(Self.temperatureRule)"
        : inEntry("\(key(.temperature)) is \(celsius.messageText), not \(Self.temperatureRule)")
    case .speedOfSoundImplausible(let speed):
      return entry == nil
        ? "speed of sound \(speed) m/s is not plausible in air \(Self.speedRule)"
        : inEntry(
          "\(key(.speedOfSound)) is \(speed.messageText), not a plausible speed of sound in air \(Self.speedRule)"
        )
    case .timedDistanceOutOfRange(let distance):
      // The same for both: a person's imported row names the value as the history does.
      return inEntry(Self.distanceRefused(entry == nil ? "'distance'" : key(.distance), distance.messageText))
    case .distanceNotPositive(let typed):
      return entry.map { inEntry(Self.distanceRefused(key(.distance), held($0.values.distance))) }
        ?? "a detector's distance must be more than 0, not '\(typed.escapedForDisplay)'"
    case .distanceTooFar(let typed, let limit, let unit):
      if let entry { return inEntry(Self.distanceRefused(key(.distance), held(entry.values.distance))) }
      // A typed limit is stated as it compares, in the unit typed; a file's, in metres, in km.
      let limitText =
        unit == .metres && limit == MeasurementRules.maximumDistance
        ? "\(FixedPoint.fixed((limit / 10).rounded(.down) / 100, digits: 2)) km"
        : "\(FixedPoint.fixed(limit, digits: unit.decimals)) \(unit.rawValue)"
      return
        "a distance of \(typed.escapedForDisplay) is too far: stormrange accepts at most \(limitText) (\(Int(MeasurementRules.maximumDelay)) s of thunder)"
    case .notAnAS3935Step(let typed):
      return entry.map {
        inEntry(
          "\(key(.distance)) is \(held($0.values.distance)), not one of the AS3935's steps (\(AS3935.stepsText) km)"
        )
      }
        ?? "\(typed.escapedForDisplay) is not a distance an AS3935 reports; its steps are \(AS3935.stepsText) km"
    case .distanceMismatch(let distance, let expected):
      // Only imported: a spreadsheet may round; a distance that disagrees by more was edited
      // without the delay.
      return
        "distance \(distance) m does not match delay × speed of sound (\(FixedPoint.fixed(expected, digits: 1)) m)"
    case .thunderAhead(let flash, let delay, let now):
      // Only typed: loading keeps entries dated ahead (the status leaves them out).
      let local = wording.localTime
      let (flashTime, thunderTime) = (
        local.clock(flash, besides: now), local.clock(flash.addingTimeInterval(delay), besides: now)
      )
      return
        "the thunder of a flash at \(flashTime) with a delay of \(FixedPoint.fixed(delay, digits: 2)) s would be "
        + "heard at \(thunderTime), after now (\(local.formatTime(now))): add it once you hear the thunder"
    case .dateOutOfRange(let date, let typed):
      return entry == nil
        ? "\(Self.shown(date, typed)) is not between the years \(UTCTime.years.lowerBound) and \(UTCTime.years.upperBound)"
        : inEntry("\(key(.date)) is outside the years \(UTCTime.fourDigitYears)")
    case .dateAhead(let date, let typed):
      // The history's lead is MeasurementRules.storedDateLead.
      return entry.map {
        inEntry(
          "\(key(.date)) is \(UTCTime.format(date)), more than a day ahead of the clock (\(UTCTime.format($0.now)))"
        )
      } ?? "\(Self.shown(date, typed)) is in the future"
    case .noteControlCharacter(let scalar) where entry == nil:
      return "the note contains the control character \(scalar.codePointName); remove it"
    case .noteNonCharacter(let scalar) where entry == nil:
      return "the note contains \(scalar.codePointName), which is not a character"
    case .noteUnstorable(let scalar), .noteControlCharacter(let scalar), .noteNonCharacter(let scalar):
      let note = entry == nil ? "the note" : key(.note)
      return inEntry("\(note) contains \(scalar.codePointName), which the history file cannot hold")
    case .noteTooLong(let length):
      let note = entry == nil ? "the note" : key(.note)
      return inEntry(
        "\(note) is \(length) characters long; the limit is \(MeasurementRules.maximumNoteLength)")
    }
  }

  // The rules' statements, the same in both voices.

  /// `a plausible air temperature (-60 to 60 °C)`.
  package static var temperatureRule: String {
    let range = SpeedOfSound.plausibleCelsius
    return "a plausible air temperature (\(Int(range.lowerBound)) to \(Int(range.upperBound)) °C)"
  }
  /// `(287 to 373 m/s)`: the whole numbers in ``SpeedOfSound/plausibleMetresPerSecond``.
  private static var speedRule: String {
    let range = SpeedOfSound.plausibleMetresPerSecond
    return "(\(Int(range.lowerBound.rounded(.up))) to \(Int(range.upperBound)) m/s)"
  }
  private static let bearingRule = "a bearing (0 to 360 degrees)"

  /// `a latitude (-90 to 90 degrees)`, and so on for each of a located group's values
  /// (``MeasurementRules/locatedRange(_:)``).
  private static func locatedRule(_ field: MeasurementFields.Key) -> String {
    let range = MeasurementRules.locatedRange(field)
    let (low, high) = (Int(range.lowerBound), Int(range.upperBound))
    return switch field {
    case .latitude: "a latitude (\(low) to \(high) degrees)"
    case .longitude: "a longitude (\(low) to \(high) degrees)"
    case .strikes: "a count of strikes (a whole number, \(low) to \(high))"
    default: "a located group's distance (\(low) to \(high) m)"
    }
  }

  /// `'distance' is -5, not a distance stormrange accepts (more than 0, at most 111950 m)`.
  private static func distanceRefused(_ name: String, _ value: String) -> String {
    "\(name) is \(value), not a distance stormrange accepts "
      + "(more than 0, at most \(Int(MeasurementRules.maximumDistance)) m)"
  }

  /// A text as a message shows it: quoted, with control characters escaped, and cut after 40
  /// characters.
  private static func shown(_ text: String) -> String {
    let cut = text.count > 40 ? String(text.prefix(40)) + "…" : text
    return "'\(cut.escapedForDisplay)'"
  }

  /// A date as typed (`'2999-01-01T00:00Z'`), or as a file gave it (`the date 2999-01-01T00:00:00Z`).
  private static func shown(_ date: Date, _ typed: String?) -> String {
    typed.map { "'\($0.escapedForDisplay)'" } ?? "the date \(UTCTime.format(date))"
  }
}

extension MeasurementError {
  /// The error as the one line a person sees (an import's problem with a row, `ingest`'s warning,
  /// ``StormrangeShell/StormrangeError``'s message), worded by ``message(_:)``: a value named by
  /// its column in an import file (``MeasurementFields/Key/exchangeName``), clock times in
  /// `localTime`, the session's zone.
  package func message(in localTime: LocalTime) -> String {
    message(.person(key: \.exchangeName, localTime: localTime))
  }
}
