import FoundationEssentials
import StormrangeBase
import StormrangeDomain

extension MeasurementError {
  /// The domain's error as the one line users see (``StormrangeError``'s message for it, an import's
  /// problem with a row, `ingest`'s warning). Typed values are shown as typed; the values of an
  /// imported row as numbers, and what is missing or out of place by its column (``key(_:)``), as
  /// only an import file gives the values one by one.
  package var message: String {
    switch self {
    case .missing(.date):
      return "no date"
    case .missing(.delay):
      return "no delay_s (nor a source, for a detector's reading)"
    case .missing(.distance):
      return "no distance_m for the detector's reading"
    case .missing(let field):
      return "no \(Self.key(field))"
    case .timingBesideSource(let field):
      return "a detector's reading (a row with a source) must not have \(Self.key(field))"
    case .delayNotPositive(let typed):
      return "delay must be a positive number of seconds, not '\(typed.escapedForDisplay)'"
    case .delayTooShort(let typed):
      return
        "a delay of \(typed.escapedForDisplay) s is not a thunder delay: the shortest is \(MeasurementRules.minimumThunderDelay.description) s"
    case .delayTooLong(let typed):
      return
        "delay \(typed.escapedForDisplay) s is too long: \(MeasurementRules.thunderRangeText), and stormrange takes at most \(Int(MeasurementRules.maximumDelay)) s; type the seconds you counted"
    case .temperatureImplausible(let celsius):
      let range = SpeedOfSound.plausibleCelsius
      return "temperature \(celsius) °C is not a plausible air temperature "
        + "(\(Int(range.lowerBound)) to \(Int(range.upperBound)) °C)"
    case .thunderAhead(let flash, let delay, let now):
      let local = LocalTime.system
      let (flashTime, thunderTime) = (
        DurationText.clock(flash, besides: now, in: local),
        DurationText.clock(flash.addingTimeInterval(delay), besides: now, in: local)
      )
      return
        "the thunder of a flash at \(flashTime) with a delay of \(FixedPoint.fixed(delay, digits: 2)) s would be "
        + "heard at \(thunderTime), after now (\(local.formatTime(now))): add it once you hear the thunder"
    case .speedOfSoundImplausible(let speed):
      let range = SpeedOfSound.plausibleMetresPerSecond
      return "speed of sound \(speed) m/s is not plausible in air "
        + "(\(Int(range.lowerBound)) to \(Int(range.upperBound)) m/s)"
    case .distanceNotPositive(let typed):
      return "a detector's distance must be more than 0, not '\(typed.escapedForDisplay)'"
    case .distanceTooFar(let typed, let limit, let unit):
      // A typed limit is stated as it compares, in the unit typed; a file's, in metres, in km.
      let limitText =
        unit == .metres && limit == MeasurementRules.maximumDistance
        ? "\(FixedPoint.fixed((limit / 10).rounded(.down) / 100, digits: 2)) km"
        : "\(FixedPoint.fixed(limit, digits: unit.decimals)) \(unit.rawValue)"
      return
        "a distance of \(typed.escapedForDisplay) is too far: stormrange accepts at most \(limitText) (\(Int(MeasurementRules.maximumDelay)) s of thunder)"
    case .notAnAS3935Step(let typed):
      return
        "\(typed.escapedForDisplay) is not a distance an AS3935 reports; its steps are \(AS3935.stepsText) km"
    case .timedDistanceOutOfRange(let distance):
      return "'distance' is \(distance.messageText), not a distance stormrange accepts "
        + "(more than 0, at most \(Int(MeasurementRules.maximumDistance)) m)"
    case .distanceMismatch(let distance, let expected):
      // A spreadsheet may round; a distance that disagrees by more was edited without the delay.
      return
        "distance \(distance) m does not match delay × speed of sound (\(FixedPoint.fixed(expected, digits: 1)) m)"
    case .bearingInvalid(let typed):
      return
        "'\(typed.escapedForDisplay)' is not a bearing; use degrees clockwise from north (0 to 360) or a compass point: \(Bearing.compassPoints.joined(separator: ", "))"
    case .bearingOutOfRange(let degrees):
      return "bearing_deg \(degrees) is not a bearing (0 to 360 degrees)"
    case .sourceInvalid(let typed):
      let shown = typed.count > 40 ? String(typed.prefix(40)) + "…" : typed
      let folder = DetectorSource.folderNames.contains(typed) ? " (. and .. name folders)" : ""
      return
        "'\(shown.escapedForDisplay)' is not a detector name\(folder); use 1 to \(DetectorSource.maximumLength) letters, digits, '-', '_' or '.', e.g. as3935"
    case .kindInvalid(let typed):
      let shown = typed.count > 40 ? String(typed.prefix(40)) + "…" : typed
      return "'\(shown.escapedForDisplay)' is not a kind of detector; use \(DetectorKind.choices)"
    case .kindContradictsSource(let source, let kind):
      return
        "the source '\(source.escapedForDisplay)' is an AS3935, not a \(kind.rawValue) detector; "
        + "name a \(kind.rawValue) detector otherwise, or leave out the kind"
    case .kindWithoutSource:
      return "a detector kind is given, but no source: only a detector's reading has a kind"
    case .dateOutOfRange(let date, let typed):
      return "\(Self.shown(date, typed)) is not between the years 1 and 9999"
    case .dateAhead(let date, let typed):
      return "\(Self.shown(date, typed)) is in the future"
    case .noteControlCharacter(let scalar):
      return "the note contains the control character \(scalar.codePointName); remove it"
    case .noteNonCharacter(let scalar):
      return "the note contains \(scalar.codePointName), which is not a character"
    case .noteTooLong(let length):
      return "the note is \(length) characters long; the limit is \(MeasurementRules.maximumNoteLength)"
    case .noteUnstorable(let scalar):
      return "the note contains \(scalar.codePointName), which the history file cannot hold"
    }
  }

  /// The column (CSV) or key (JSON) that holds `field`.
  private static func key(_ field: MeasurementFields.Key) -> String {
    switch field {
    case .date: "date"
    case .delay: "delay_s"
    case .distance: "distance_m"
    case .temperature: "temperature_c"
    case .speedOfSound: "speed_of_sound_mps"
    case .note: "note"
    case .bearing: "bearing_deg"
    case .source: "source"
    case .detector: "detector"
    }
  }

  /// A date as typed (`'2999-01-01T00:00Z'`), or as a file gave it (`the date 2999-01-01T00:00:00Z`).
  private static func shown(_ date: Date, _ typed: String?) -> String {
    typed.map { "'\($0.escapedForDisplay)'" } ?? "the date \(UTCTime.format(date))"
  }
}
