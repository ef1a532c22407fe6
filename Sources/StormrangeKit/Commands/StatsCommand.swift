import StormrangeBase
import StormrangeDomain

/// `stats`: one line per storm with its count, start and end, nearest, farthest and mean distance.
struct StatsCommand: Command {
  let name = "stats"
  let summary = "per storm: count, start and end, nearest, farthest and mean distance"
  let usage = "stats"
  let details = """
    A storm is a run of measurements less than 30 minutes apart; the last one
    listed is the current storm. Times are local; 'end' is the last flash.
    """
  let historyAccess = HistoryAccess.reads

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    try expectArguments(arguments, atMost: 0)
    let storms = Storm.all(in: session.history)
    guard !storms.isEmpty else {
      session.say("no measurements yet: type 'flash' when you see lightning, or 'add SECONDS'")
      return .proceed
    }
    let unit = session.currentSettings.unit
    var table = TextTable([
      ("storm", .right), ("start", .left), ("end", .left), ("count", .right), ("nearest", .right),
      ("farthest", .right), ("mean", .right),
    ])
    for (number, storm) in storms.enumerated() {
      let start = LocalTime.format(storm.start)  // 2026-07-01 18:03:00
      let end = LocalTime.format(storm.end)
      let endShown = end.prefix(10) == start.prefix(10) ? end.dropFirst(11) : end.dropFirst(5)
      table.append([
        String(number + 1), String(start.dropLast(3)), String(endShown.dropLast(3)), String(storm.count),
        unit.format(metres: storm.nearest), unit.format(metres: storm.farthest),
        unit.format(metres: storm.meanDistance),
      ])
    }
    let total = storms.reduce(0) { $0 + $1.count }
    var text = table.render(palette: session.palette)
    text +=
      "\(storms.count) storm\(storms.count == 1 ? "" : "s"), \(total) measurement\(total == 1 ? "" : "s")"
    text += storms.count > 1 ? "; storm \(storms.count) is the current one\n" : "\n"
    session.output.write(text)
    return .proceed
  }
}
