import StormrangeBase
import StormrangeDomain
import StormrangeRendering
import StormrangeStore

/// `stats`: one line per storm with its count, start and end, nearest, farthest and mean distance.
struct StatsCommand: Command {
  /// The nowcast's hypotheses per storm for `stats --json`, a quarter of status's: a season's
  /// history holds hundreds of storms, each summarised as of its last flash.
  static let hypotheses = 500

  let name = "stats"
  let summary = "per storm: count, start and end, nearest, farthest and mean distance"
  let usage = "stats [--json]"
  var details: String {
    """
    A storm is a run of measurements less than \(Int(Storm.separatingGap / 60)) minutes apart; the last one
    listed is the current storm. Times are local; 'end' is the last flash.
    --json  an array with one object per storm: index, count, start, end
            (ISO 8601 UTC), nearest_m, farthest_m, mean_m, and motion (as in
            'status --json', null when not known); [] when there are none
    """
  }
  let historyAccess = HistoryAccess.reads

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    let json = try flags(arguments, allowed: ["--json"]).contains("--json")
    let storms = Storm.all(in: session.history)
    if json {
      session.output.writeExactly(Self.json(storms))  // JSON is data: never ASCII stand-ins
      return .proceed
    }
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
      let start = session.localTime.format(storm.start)  // 2026-07-01 18:03:00
      let end = session.localTime.format(storm.end)
      let endShown = end.prefix(10) == start.prefix(10) ? end.dropFirst(11) : end.dropFirst(5)
      let offsets = session.localTime.offsetsIfTheyDiffer(storm.start, storm.end)
      table.append([
        String(number + 1), DurationText.toTheMinute(start) + offsets.start,
        DurationText.toTheMinute(endShown) + offsets.end,
        String(storm.count),
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

  func completions(forArgument index: Int, after previous: [String]) -> [String] {
    index == 0 ? ["--json"] : []
  }

  /// One object per storm, one per line, as `export json` lays out its array.
  static func json(_ storms: [Storm]) -> String {
    let objects = storms.enumerated().map { number, storm in
      let motion = StormMotion(
        observations: storm.measurements.map(RangeObservation.init), hypotheses: StatsCommand.hypotheses
      ).groundMotion(at: storm.end)
      return "  "
        + JSONText.object([
          "index": JSONText.number(number + 1), "count": JSONText.number(storm.count),
          "start": JSONText.date(storm.start), "end": JSONText.date(storm.end),
          "nearest_m": JSONText.number(storm.nearest), "farthest_m": JSONText.number(storm.farthest),
          "mean_m": JSONText.number(storm.meanDistance),
          "motion": motion.map(StatusJSON.motion) ?? JSONText.null,
        ])
    }
    return objects.isEmpty ? "[]\n" : "[\n" + objects.joined(separator: ",\n") + "\n]\n"
  }
}
