import FoundationEssentials
import StormrangeBase
import StormrangeDomain
import StormrangeRendering
import StormrangeStore

/// `plot [N]`: a chart of distance over time for the current storm, or the last N measurements.
struct PlotCommand: Command {
  let name = "plot"
  let summary = "a chart of distance over time: the current storm, or the last N; or a map"
  let usage = "plot [N | map]"
  var details: String {
    """
    N    plot the N most recent measurements instead, across storms
    map  a map of the current storm around you, north up: each measurement
         with a bearing at its place, marked by its age, range rings in
         the unit set with 'set unit', and the fitted track with its
         heading and closest approach
    One bar per measurement at its time, in the unit set with 'set unit'. The
    dashed line marks \(Int(SafetyAdvice.closeDistance / 1000)) km: lightning inside it is close.
    Unicode block characters when the locale is UTF-8 (LC_ALL, LC_CTYPE or
    LANG), plain ASCII otherwise. Fits an 80-column terminal.
    """
  }
  let historyAccess = HistoryAccess.reads

  func completions(forArgument index: Int, after previous: [String]) -> [String] {
    index == 0 ? ["map"] : []
  }

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    if arguments.count >= 1, arguments[0].isWord("map") {
      try expectArguments(arguments, atMost: 1)
      return try Self.runMap(in: session)
    }
    let limit = try optionalCount(arguments)
    let history = session.history
    // The current storm is the status's: up to now, without the entries dated ahead.
    // The leading cell's, as status and watch chart it.
    let status = limit == nil ? HistoryStatus(history: history, now: session.clock.now().wall).current : nil
    let chosen = limit.map { Storm.mostRecent($0, in: history) } ?? status?.storm
    guard let storm = chosen else {
      session.say("no measurements yet: type 'flash' when you see lightning, or 'add SECONDS'")
      return .proceed
    }
    let unit = session.currentSettings.unit
    let plural = storm.count == 1 ? "" : "s"
    let localTime = session.localTime
    let offsets = localTime.offsetsIfTheyDiffer(storm.start, storm.end)
    let span =
      storm.count == 1
      ? "at \(localTime.format(storm.start))"
      : "from \(localTime.format(storm.start))\(offsets.start) to "
        + "\(DurationText.clock(storm.end, besides: storm.start, in: localTime))\(offsets.end)"
    let heading =
      limit == nil
      ? "\(Self.stormName(status, now: session.clock.now().wall)): \(storm.count) measurement\(plural) \(span)"
      : "last \(storm.count) measurement\(plural) \(span)"
    let repertoire = session.repertoire
    let chart = DistanceChart(
      points: storm.measurements.map { ($0.date, $0.distance) }, unit: unit, repertoire: repertoire,
      localTime: localTime)
    var text = Self.wrapped(heading, repertoire: repertoire).joined(separator: "\n") + "\n" + chart.render()
    if let status {
      let report = StatusReport(status: status, unit: unit, repertoire: repertoire, localTime: localTime)
      let label = "trend:"
      var lines = Self.wrapped(
        "\(label) \(report.trendDescription(short: false))", indent: label.count + 1,
        repertoire: repertoire)
      lines[0] = session.palette.paint(label, as: .heading) + lines[0].dropFirst(label.count)
      text += lines.joined(separator: "\n") + "\n"
    }
    session.output.write(text)
    return .proceed
  }

  /// What the storm plotted is called: `current storm`, or once it is over `last storm, ended 36 min
  /// ago` (counted from its last thunder), which is not current.
  static func stormName(_ status: StormStatus?, now: Date) -> String {
    guard let status, status.isOver else { return "current storm" }
    return "last storm, ended \(DurationText.ago(status.storm.lastThunder, now: now) ?? "just now")"
  }

  /// `text` broken at spaces into lines as wide as the chart, so that the plot fits an 80-column
  /// terminal whatever the words (a trend's reason, dates with their UTC offsets).
  private static func wrapped(_ text: String, indent: Int = 0, repertoire: CharacterRepertoire) -> [String] {
    WordWrap.lines(text, width: DistanceChart.width, indent: indent, repertoire: repertoire)
  }
}
