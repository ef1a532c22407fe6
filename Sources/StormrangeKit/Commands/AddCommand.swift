import FoundationEssentials
import StormrangeBase
import StormrangeDomain
import StormrangeStore

/// `add SECONDS …`: records a delay the user counted; `add DIST UNIT …`: a range read off a
/// lightning detector (see ``AddArguments`` for the syntax).
struct AddCommand: Command {
  /// The source of a detector's reading given without `source NAME`.
  static let defaultSource = DetectorSource("detector")!

  let name = "add"
  let summary = "record a delay you counted, in seconds, or a detector's range"
  let usage = "add SECONDS|DIST UNIT [at TIME] [from BEARING] [source NAME] [detector KIND] [note TEXT]"
  let details = """
    SECONDS    the delay between flash and thunder, e.g. 6.5 (0.1 to 300); the
               flash is dated that many seconds before now
    DIST UNIT  a distance measured directly, by a lightning detector: UNIT is km, m, mi, nmi
               or ft, e.g. 12 km (more than 0, at most 111.95 km); dated now
    TIME       when the flash was, ISO 8601 with an offset or Z, e.g. 2026-07-01T18:03:00+02:00;
               it and its thunder (TIME + SECONDS) at most a minute after now
    BEARING    where the flash was: degrees clockwise from north (0 to 360) or a compass point
               (N, NNE, NE, … NNW)
    NAME       the detector, 1 to 32 letters, digits, '-', '_' or '.' (default: detector)
    KIND       as3935 or generic (default: as3935 for the source as3935, else generic); an
               AS3935's distance must be one of the chip's steps: 1, 5, 6, 8, 10, 12, 14, 17,
               20, 24, 27, 31, 34, 37 or 40 km
    TEXT       a note: the rest of the line
    'at', 'from', 'source' and 'detector' may come in any order; 'note' comes last. 'source'
    and 'detector' are for a detector's range only. Keywords, units, kinds and compass points
    are taken in any case.
    Examples: add 6.5
              add 12 at 2026-07-01T18:03:00+02:00 from SW note over the lake
              add 14 km source as3935 from 250
              add 14 km source porch detector as3935
    """
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
    case "detector": return DetectorKind.allCases.map(\.rawValue)
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
    let flash = try words.time.map { text throws(StormrangeError) in try Self.flashTime(text, now: now) }
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
        words.amount, typed: words.amountText, date: date, bearing: bearing, note: words.note, under: .typed)
      return .proceed
    }
    let metres = words.amount * unit.metresPerUnit
    let measurement = try StormrangeError.wrapping { () throws(MeasurementError) in
      let source = try MeasurementRules.detector(
        words.source ?? Self.defaultSource.name, typedKind: words.kind)
      try MeasurementRules.typed.checkDetectorDistance(
        metres, source: source, typed: "\(words.amountText) \(unit.rawValue)")
      if let note = words.note { try MeasurementRules.typed.checkNote(note) }
      return Measurement(
        date: flash ?? now, distance: metres, origin: .detector(source: source), bearing: bearing,
        note: words.note)
    }
    try session.record(measurement, warning: nil, unit: session.currentSettings.unit)
    return .proceed
  }

  /// The flash's date from `at TIME`: ISO 8601 with an offset, dated as ``MeasurementRules/typed``
  /// allows (at most a minute ahead of `now`).
  private static func flashTime(_ text: String, now: Date) throws(StormrangeError) -> Date {
    guard let parsed = ISO8601Time.parse(text) else {
      if ISO8601Time.isLeapSecond(text) {
        throw .invalidArgument(
          "'\(text.escapedForDisplay)' is a leap second, which stormrange does not support; use :59 instead")
      }
      throw .invalidArgument(
        "'\(text.escapedForDisplay)' is not a time; use ISO 8601 with an offset, e.g. 2026-07-01T18:03:00+02:00"
      )
    }
    try StormrangeError.wrapping { () throws(MeasurementError) in
      try MeasurementRules.typed.checkDate(parsed, now: now, typed: text)
    }
    return parsed
  }
}
