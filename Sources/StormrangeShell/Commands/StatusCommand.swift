import FoundationEssentials
import StormrangeBase
import StormrangeDomain
import StormrangeRendering
import StormrangeStore

/// `status [--json] [--exit-code]`: how far the storm is and how sure that is, whether it is coming,
/// and what to do.
struct StatusCommand: Command {
  /// `status --exit-code`: all clear (or no measurements), shelter now, shelter now with lightning
  /// within about 10 km. 1 and 2 stay the statuses of errors.
  static let allClearStatus: Int32 = 0
  static let shelterStatus: Int32 = 3
  static let shelterCloseStatus: Int32 = 4

  let name = "status"
  let summary = "how far the storm is, whether it is coming or going, and what to do"
  let usage = "status [--json] [--exit-code]"
  /// Made from the constants that decide each thing it states (`CommandHelpLimitsTests`).
  var details: String {
    let (gap, wait) = (minutes(Storm.separatingGap), minutes(SafetyAdvice.allClearWait))
    let close = kilometres(SafetyAdvice.closeDistance)
    let (earliest, latest) = MotionThresholds.arrivalPercentiles
    return """
      latest     the latest distance, ± its own uncertainty: a reaction time of
                 about \(DistanceUncertainty.reactionTime.messageText) s per tap and a temperature known to ±\(DistanceUncertainty.temperatureUncertainty.messageText) °C, or a
                 detector's step. Thunder comes from the nearest part of the
                 flash, so the storm's centre is about \(kilometres(NowcastConstants.nearestChannelBias)) km farther than a
                 timed distance, give or take \(kilometres(NowcastConstants.nearestChannelSpread)) km: the nowcast counts that
      storm      the current storm: measurements less than \(gap) minutes apart,
                 up to the latest one; over \(wait) minutes after its last thunder,
                 when its trend and motion are given as of its last flash
      ranges     what the ranges themselves did in the storm's last \(minutes(MeasuredRanges.window))
                 minutes: the medians of its first and last \(Self.words[MeasuredRanges.endCount]), or each
      trend      whether the range is falling (approaching) or rising
                 (receding) by more than \(Int((MotionThresholds.steadyRate * 3.6).rounded())) km/h, and how fast; claimed only
                 when \(Int(MotionThresholds.directionConfidence * 10)) in 10 of the nowcast's hypotheses agree, over at
                 least \(minutes(MotionThresholds.minimumSpan)) minutes; else steady, with the chance of each way
      chance     the chance that the storm comes within \(kilometres(MotionThresholds.closeDistance)) km in the next \(minutes(MotionThresholds.chanceWindow))
                 minutes, from its first measurement on, and if it comes, its
                 likeliest time with the \(ordinal(earliest)) to the \(ordinal(latest)) percentile
      motion     speed over the ground, and with bearings the heading
      closest    where and when it comes nearest
      advice     after the US National Weather Service, "when thunder roars,
                 go indoors": shelter now while thunder was heard in the last
                 \(wait) minutes, all clear after; lightning within about \(close) km is
                 shown beside it
      all clear  \(wait) minutes after the last thunder, counted down
      ahead      how many entries were left out because they are dated ahead
                 of now (more than \(MeasurementRules.clockTolerance == 60 ? "a minute" : "\(minutes(MeasurementRules.clockTolerance)) minutes"): another clock?); each counts
                 once its time comes
      Every ± is one standard deviation (σ): the truth lies within it about 2
      times in 3. A chance of 3 in 10 means that of storms given 3 in 10,
      about three in ten come within \(close) km. stormrange is no substitute for
      official warnings.
      --json       all of it as one JSON object on one line
      --exit-code  for one command from the arguments (stormrange status
                   --exit-code): exit \(Self.allClearStatus) when all is clear or there are no
                   measurements, \(Self.shelterStatus) for shelter now, \(Self.shelterCloseStatus) for shelter now with
                   lightning within about \(close) km; errors keep 1 and 2
      At the prompt a one-line summary follows each measurement.
      """
  }

  /// `30` for 1,800 s.
  private func minutes(_ seconds: Double) -> String { String(Int(seconds / 60)) }
  /// `10` for 10,000 m, `1.2` for 1,200 m.
  private func kilometres(_ metres: Double) -> String { (metres / 1000).messageText }
  /// `5th` for 0.05, `95th` for 0.95.
  private func ordinal(_ share: Double) -> String {
    let number = Int((share * 100).rounded())
    let suffix =
      (11...13).contains(number % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
    return "\(number)\(suffix)"
  }
  /// Small counts in words, as the help writes them.
  private static let words = [
    "none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
  ]
  let historyAccess = HistoryAccess.reads

  func completions(forArgument index: Int, after previous: [String]) -> [String] {
    ["--json", "--exit-code"].filter { !previous.contains($0) }
  }

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    let given = try flags(arguments, allowed: ["--json", "--exit-code"])
    let (json, exitCode) = (given.contains("--json"), given.contains("--exit-code"))
    if exitCode, session.mode != .oneShot {
      throw .invalidArgument(
        "--exit-code sets the status of one command from the arguments (stormrange status --exit-code); "
          + "in a batch or at the prompt, read the advice from 'status --json'")
    }
    let status = HistoryStatus(history: session.history, now: session.clock.now().wall)
    if json {
      session.output.writeExactly(StatusJSON.encode(status) + "\n")  // JSON is data: never ASCII stand-ins
    } else if let report = StatusReport(
      status, unit: session.currentSettings.unit, repertoire: session.repertoire,
      localTime: session.localTime,
      palette: session.palette)
    {
      session.output.write(report.block)
    } else if let leftOut = StatusReport.leftOut(
      status.ahead, now: status.now, localTime: session.localTime, palette: session.palette)
    {
      session.say("no measurements up to now: type 'flash' when you see lightning, or 'add SECONDS'")
      session.output.write(leftOut)
    } else if let flash = session.flash {
      // Asked while timing the first flash: the stopwatch is the one thing going on.
      let seconds = Int((session.clock.now().monotonic - flash.moment.monotonic).rounded(.down))
      session.say(
        "no measurements yet; the stopwatch is running: a flash \(seconds) s ago, waiting for its thunder: "
          + "type 'thunder' when you hear it")
    } else {
      session.say("no measurements yet: type 'flash' when you see lightning, or 'add SECONDS'")
    }
    if let current = status.current {
      session.shownNumbers.showed(current.position..<current.position + 1, of: session.history.entries)
    }
    return exitCode ? .exitStatus(Self.exitStatus(for: status.advice)) : .proceed
  }

  /// The status `--exit-code` ends with for `advice`.
  static func exitStatus(for advice: SafetyAdvice) -> Int32 {
    guard advice.level == .shelterNow else { return allClearStatus }
    return advice.lightningWithinCloseDistance ? shelterCloseStatus : shelterStatus
  }
}
