import FoundationEssentials
import StormrangeBase
import StormrangeDomain
import StormrangeRendering
import StormrangeStore

/// `add SECONDS …`: records a delay the user counted; `add DIST UNIT …`: a range read off a
/// lightning detector (see ``AddArguments`` for the syntax).
struct AddCommand: Command {
  /// The source of a detector's reading given without `source NAME`.
  static let defaultSource = DetectorSource("detector")!

  let name = "add"
  let summary = "record a delay you counted, in seconds, or a detector's range"
  let usage = "add SECONDS|DIST UNIT [at TIME] [from BEARING] [source NAME] [detector KIND] [note TEXT]"
  // The limits and choices come from the rules that hold them (CommandHelpLimitsTests).
  var details: String {
    """
    SECONDS    the delay between flash and thunder, e.g. 6.5 (\(Self.delayLimits)), or with its unit:
               6s, 6 sec, 6 seconds; the flash is dated that many seconds before now
    DIST UNIT  a distance read off a lightning detector: UNIT is \(Self.units),
               e.g. 12 km; dated now; more than 0 and at most
               \(Self.distanceLimits)
    TIME       when the flash was: a clock time HH:MM or HH:MM:SS (today, or yesterday if
               that is ahead of now), a time ago (-5m, -90s, 5 min ago, 2 hours ago), or
               ISO 8601 with an offset or Z, e.g. 2026-07-01T18:03:00+02:00; it and its
               thunder (TIME + SECONDS) at most a minute after now; the confirmation says
               what it was taken as
    BEARING    where the flash was: degrees clockwise from north (0 to 360) or a compass point
               (N, NNE, NE, … NNW) or its name (north, southwest or south-west, …)
    NAME       the detector, \(DetectorSource.nameRule) (default: \(Self.defaultSource.name))
    KIND       \(Self.kinds) (default: \(DetectorKind.as3935.rawValue) for the source \
    \(DetectorSource.as3935Name), else \(DetectorKind.generic.rawValue)); an
               AS3935's distance must be one of the chip's steps, in km:
               \(Self.as3935Steps)
    TEXT       a note: the rest of the line
    'at', 'from', 'source' and 'detector' may come in any order; 'note' comes last. 'source'
    and 'detector' are for a detector's range only. Keywords, units, kinds and compass points
    are taken in any case.
    Examples: add 6.5
              add 12 at 18:03 from southwest note over the lake
              add 8 at 5 min ago
              add 14 km source as3935 from 250
              add 14 km source porch detector as3935
    """
  }
  /// `0.1 to 300`: the delays `add` takes, in seconds.
  static var delayLimits: String {
    "\(MeasurementRules.minimumThunderDelay.description) to \(Int(MeasurementRules.maximumDelay))"
  }
  /// `km, m, mi, ft or nmi`.
  static var units: String { DistanceUnit.allCases.map(\.rawValue).listed("or") }
  /// `111.95 km, 111954 m, …`: the farthest distance typed in each unit.
  static var distanceLimits: String { DistanceUnit.allCases.map(\.typedLimitText).listed("or") }
  /// `as3935 or generic`.
  static var kinds: String { DetectorKind.typed.map(\.rawValue).listed("or") }
  /// `1, 5, 6, … 37 or 40`.
  static var as3935Steps: String { AS3935.stepsKilometres.map { String(Int($0)) }.listed("or") }

  let historyAccess = HistoryAccess.changes
  let commitsInGroups = true

  func completions(forArgument index: Int, after previous: [String]) -> [String] {
    guard index > 0, previous.count >= index else { return [] }
    // The keywords as typed, in any case (`FROM`), spelled as the keywords are.
    let keywords = previous.map { $0.word(among: AddArguments.keywords) }
    if keywords.contains("note") { return [] }
    switch keywords[index - 1] {
    case "from": return Bearing.compassPoints
    case "source": return [DetectorSource.as3935Name]
    case "detector": return DetectorKind.typed.map(\.rawValue)
    case "at": return []
    default: break
    }
    let hasUnit = previous.count > 1 && DistanceUnit(word: previous[1]) != nil
    // The keywords go where one is expected: after the number (and unit), then after each value.
    guard (index - (hasUnit ? 2 : 1)) % 2 == 0 else { return [] }
    let unused = AddArguments.keywords.filter { keyword in
      !keywords.contains(keyword) && (!["source", "detector"].contains(keyword) || hasUnit)
    }
    return index == 1 ? unused + AddArguments.units : unused
  }

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    let words = try AddArguments(arguments, for: self)
    let now = session.currentLine.arrival.wall
    let flash = try words.time.map { text throws(StormrangeError) in
      try Self.flashTime(text, now: now, in: session.localTime)
    }
    // What a given time was understood as, said on the confirmation line.
    let dated = flash.map { date in
      let when = DurationText.ago(date, now: now) ?? "ahead of now"
      return "dated \(DurationText.clock(date, besides: now, in: session.localTime)) local, \(when)"
    }
    let bearing = try words.bearing.map { text throws(StormrangeError) in
      try StormrangeError.wrapping { () throws(MeasurementError) in try MeasurementRules.bearing(text) }
    }
    guard let unit = words.unit else {
      // The thunder is heard now; the flash was the delay before it.
      let date = flash ?? now.addingTimeInterval(-max(0, words.amount))
      try StormrangeError.wrapping { () throws(MeasurementError) in
        try MeasurementRules.checkThunder(flash: date, delay: words.amount, now: now)
      }
      try session.recordDelay(
        words.amount, typed: words.amountText, date: date, bearing: bearing, note: words.note, under: .typed,
        remark: dated)
      return .proceed
    }
    let measurement = try StormrangeError.wrapping { () throws(MeasurementError) in
      let source = try MeasurementRules.detector(
        words.source ?? Self.defaultSource.name, typedKind: words.kind)
      let metres = try MeasurementRules.typed.checkDetectorReading(
        words.amount, in: unit, atMost: unit.typedLimit, source: source,
        typed: "\(words.amountText) \(unit.rawValue)")
      if let note = words.note { try MeasurementRules.typed.checkNote(note) }
      return Measurement(
        date: flash ?? now, distance: metres, origin: .detector(source: source), bearing: bearing,
        note: words.note)
    }
    let settings = session.currentSettings
    // A person may type `add 3 km` meaning "about 3 km away"; a detector's script names its source.
    let hint = words.source == nil ? Self.detectorHint(metres: measurement.distance, settings: settings) : nil
    try session.record(measurement, warning: nil, unit: settings.unit, remark: dated, hint: hint)
    return .proceed
  }

  /// What a distance typed without a source became, and how to record a counted delay instead: the
  /// delay of that distance in whole seconds, at the temperature set.
  private static func detectorHint(metres: Double, settings: Settings) -> String {
    let speed = SpeedOfSound.metresPerSecond(celsius: settings.temperature)
    let seconds = Int(min(max(1, (metres / speed).rounded()), MeasurementRules.maximumDelay))
    return
      "  recorded as a detector's reading; to record a delay you counted, type the seconds: add \(seconds)"
  }

  /// The flash's date from `at TIME`: a clock time or a time ago (``SpokenTime``, in the session's
  /// zone `zone`), or ISO 8601 with an offset; dated as ``MeasurementRules/typed`` allows (at most a
  /// minute ahead of `now`).
  private static func flashTime(_ words: [String], now: Date, in zone: LocalTime) throws(StormrangeError)
    -> Date
  {
    let text = words.joined(separator: " ")
    let spoken = SpokenTime.parse(words[...], now: now, in: zone, lead: MeasurementRules.typedDateLead)
    guard let parsed = words.count == 1 ? ISO8601Time.parse(text) ?? spoken?.date : spoken?.date,
      spoken == nil || spoken?.count == words.count
    else {
      if ISO8601Time.isLeapSecond(text) {
        throw .invalidArgument(
          "'\(text.escapedForDisplay)' is a leap second, which stormrange does not support; use :59 instead")
      }
      throw .invalidArgument(
        "'\(text.escapedForDisplay)' is not a time; use a clock time HH:MM, a time ago (-5m, 5 min ago) "
          + "or ISO 8601 with an offset, e.g. 2026-07-01T18:03:00+02:00")
    }
    try StormrangeError.wrapping { () throws(MeasurementError) in
      try MeasurementRules.typed.checkDate(parsed, now: now, typed: text)
    }
    return parsed
  }
}
