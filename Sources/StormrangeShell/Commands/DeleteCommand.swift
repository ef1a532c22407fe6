import FoundationEssentials
import StormrangeBase
import StormrangeDomain
import StormrangeRendering
import StormrangeStore

/// `delete N`: removes measurement N, provided N still stands for the measurement this session last
/// showed as N (see ``ShownNumbers``).
struct DeleteCommand: Command {
  let name = "delete"
  let summary = "remove measurement N (see 'show' for the numbers)"
  let usage = "delete N"
  var details: String {
    """
    N is the number 'show' lists. If the history changed since this session
    last showed numbers, so that N may stand for another measurement (another
    process deleted one, or this session did), nothing is deleted: type
    'show' and try again. Measurements added since shift no number.
    A located group still gathering strikes (in the minute after its first)
    is not deleted: ingest or mqtt may still update it; delete it after.
    """
  }
  let historyAccess = HistoryAccess.reads

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    guard !arguments.isEmpty else { throw usageError("missing N") }
    try expectArguments(arguments, atMost: 1)
    let typed = arguments[0]
    guard let number = Int(typed), number >= 1 else {
      guard Int(typed) != nil else {
        throw .invalidArgument("'\(typed.escapedForDisplay)' is not a measurement number; e.g. delete 3")
      }
      throw .noSuchMeasurement(index: typed, count: session.history.count)
    }
    let shown = session.shownNumbers
    // Checked first against the history just loaded, so that a refusal touches no file, and again
    // under the lock, against what is on disk then.
    let now = session.clock.now().wall
    let localTime = session.localTime
    if let refusal = shown.refusal(deleting: number, typed: typed, from: session.history.entries)
      ?? Self.gatheringRefusal(number, in: session.history.entries, now: now, localTime: localTime)
    {
      throw refusal
    }
    let (removedEntry, successor) = try session.changeHistory {
      entries -> Result<(HistoryEntry, HistoryEntry?), StormrangeError> in
      if let refusal = shown.refusal(deleting: number, typed: typed, from: entries)
        ?? Self.gatheringRefusal(number, in: entries, now: now, localTime: localTime)
      {
        return .failure(refusal)
      }
      let removed = entries.remove(at: number - 1)
      return .success((removed, number - 1 < entries.count ? entries[number - 1] : nil))
    }
    session.remember(.reinsert(removedEntry, at: number - 1, before: successor))
    session.saved(.deleted(index: number))
    let removed = Self.describe(
      removedEntry.measurement, unit: session.currentSettings.unit, in: session.localTime)
    session.say("deleted #\(number) (\(removed))")
    return .proceed
  }

  /// Why measurement `number` of `entries` may not be deleted at `now`: it is a located group still
  /// gathering strikes (``Measurement/isGathering(at:)``). `ingest` or `mqtt` may change its
  /// contents every second until then, and `delete` deletes only the contents it last showed
  /// (guarantee 14): the refusal says when it can be deleted, instead of asking for `show` again
  /// and again.
  static func gatheringRefusal(_ number: Int, in entries: [HistoryEntry], now: Date, localTime: LocalTime)
    -> StormrangeError?
  {
    guard number <= entries.count else { return nil }
    let measurement = entries[number - 1].measurement
    guard measurement.isGathering(at: now) else { return nil }
    let end = measurement.date.addingTimeInterval(LocatedFix.window + 1)
    return .invalidArgument(
      "#\(number) is a located group still gathering strikes until \(localTime.formatTime(end)), "
        + "and ingest or mqtt may update it until then; delete it after that")
  }

  /// `2026-07-01 16:03:00, delay 6.00 s, 2.06 km NE, note: over the lake`: enough to tell which one
  /// it was, with the date in `localTime` and the note escaped, as `show` prints them.
  static func describe(_ measurement: Measurement, unit: DistanceUnit, in localTime: LocalTime) -> String {
    var text = localTime.format(measurement.date)
    text += ", \(MeasurementText.origin(measurement)), \(MeasurementText.distance(measurement, unit: unit))"
    if let note = measurement.note { text += ", note: " + note.escapingControlCharacters }
    return text
  }
}
