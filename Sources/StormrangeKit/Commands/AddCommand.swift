import FoundationEssentials
import StormrangeBase
import StormrangeDomain

/// `add SECONDS [at TIME] [note TEXT]`: records a delay the user counted.
struct AddCommand: Command {
  let name = "add"
  let summary = "record a delay you counted, in seconds"
  let usage = "add SECONDS [at TIME] [note TEXT]"
  let details = """
    SECONDS  the delay between flash and thunder, e.g. 6.5 (more than 0, at most 300)
    TIME     when the flash was, ISO 8601 with an offset or Z, e.g. 2026-07-01T18:03:00+02:00;
             the default is now
    TEXT     a note: the rest of the line
    Examples: add 6.5
              add 12 at 2026-07-01T18:03:00+02:00 note over the lake
    """
  let historyAccess = HistoryAccess.changes
  let commitsInGroups = true

  func completions(forArgument index: Int, after previous: [String]) -> [String] {
    switch index {
    case 1: ["at", "note"]
    case 3 where previous.count > 1 && previous[1] == "at": ["note"]
    default: []
    }
  }

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    guard !arguments.isEmpty else { throw usageError("missing SECONDS") }
    let typed = arguments[0]
    guard let delay = StrictNumber.parse(typed) else {
      throw .invalidArgument("'\(typed.escapedForDisplay)' is not a number of seconds; e.g. add 6.5")
    }
    var date = session.currentLine.arrival.wall
    var note: String?
    var next = 1
    if next < arguments.count, arguments[next] == "at" {
      guard next + 1 < arguments.count else { throw usageError("'at' needs a TIME") }
      let text = arguments[next + 1]
      guard let parsed = ISO8601Time.parse(text) else {
        if ISO8601Time.isLeapSecond(text) {
          throw .invalidArgument(
            "'\(text.escapedForDisplay)' is a leap second, which stormrange does not support; use :59 instead"
          )
        }
        throw .invalidArgument(
          "'\(text.escapedForDisplay)' is not a time; use ISO 8601 with an offset, e.g. 2026-07-01T18:03:00+02:00"
        )
      }
      guard parsed.timeIntervalSince(session.currentLine.arrival.wall) <= 60 else {
        throw .invalidArgument("'\(text.escapedForDisplay)' is in the future")
      }
      date = parsed
      next += 2
    }
    if next < arguments.count {
      guard arguments[next] == "note" else {
        throw usageError("unexpected argument '\(arguments[next].escapedForDisplay)'")
      }
      let text = next + 1 < arguments.count ? arguments.text(after: next) : ""
      guard !text.isEmpty else { throw usageError("'note' needs some TEXT") }
      note = text
    }
    try Recording.record(delay: delay, typed: typed, date: date, note: note, in: session)
    return .proceed
  }
}
