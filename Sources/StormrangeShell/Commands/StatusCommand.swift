import FoundationEssentials
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
  let details = """
    latest     the latest distance, ± its own uncertainty: a reaction time of
               about 0.3 s per tap and a temperature known to ±5 °C, or a
               detector's step. Thunder comes from the nearest part of the
               flash, so the storm's centre is about 1 km farther than a
               timed distance, give or take 1.2 km: the nowcast counts that
    storm      the current storm: measurements less than 30 minutes apart,
               up to the latest one; over 30 minutes after its last thunder,
               when its trend and motion are given as of its last flash
    ranges     what the ranges themselves did in the storm's last 20
               minutes: the medians of its first and last three, or each
    trend      whether the range is falling (approaching) or rising
               (receding) by more than 5 km/h, and how fast; claimed only
               when 9 in 10 of the nowcast's hypotheses agree, over at
               least 5 minutes; else steady, with the chance of each way
    chance     the chance that the storm comes within 10 km in the next 30
               minutes, from its first measurement on, and if it comes, its
               likeliest time with the 5th to the 95th percentile
    motion     speed over the ground, and with bearings the heading
    closest    where and when it comes nearest
    advice     after the US National Weather Service, "when thunder roars,
               go indoors": shelter now while thunder was heard in the last
               30 minutes, all clear after; lightning within about 10 km is
               shown beside it
    all clear  30 minutes after the last thunder, counted down
    ahead      how many entries were left out because they are dated ahead
               of now (more than a minute: another clock?); each counts
               once its time comes
    Every ± is one standard deviation (σ): the truth lies within it about 2
    times in 3. A chance of 3 in 10 means that of storms given 3 in 10,
    about three in ten come within 10 km. stormrange is no substitute for
    official warnings.
    --json       all of it as one JSON object on one line
    --exit-code  for one command from the arguments (stormrange status
                 --exit-code): exit 0 when all is clear or there are no
                 measurements, 3 for shelter now, 4 for shelter now with
                 lightning within about 10 km; errors keep 1 and 2
    At the prompt a one-line summary follows each measurement.
    """
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
    } else if let current = status.current {
      let report = StatusReport(
        status: current, unit: session.currentSettings.unit, repertoire: session.repertoire,
        localTime: session.localTime, palette: session.palette, ahead: status.ahead)
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
