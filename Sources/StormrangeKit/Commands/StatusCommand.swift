import StormrangeDomain

/// `status`: how far the storm is and how sure that is, whether it is coming, and what to do.
struct StatusCommand: Command {
  let name = "status"
  let summary = "how far the storm is, whether it is coming or going, and what to do"
  let usage = "status"
  let details = """
    latest     the latest distance, ± what a reaction time of about 0.3 s
               per tap (flash and thunder) and a temperature known to
               ±5 °C allow
    storm      the current storm: measurements less than 30 minutes apart,
               up to the latest one
    trend      a least-squares fit of distance against time over the storm
               (3 or more measurements): approaching or receding at a speed,
               or steady (under 3 km/h, or within the timing error); when
               approaching, when it comes within 10 km
    advice     after the US National Weather Service: if you can hear
               thunder you are within striking distance ("when thunder
               roars, go indoors"); a delay of 30 s or less (about 10 km)
               means take shelter now
    all clear  30 minutes after the last thunder, counted down
    At the prompt a one-line summary follows each measurement.
    """
  let historyAccess = HistoryAccess.reads

  func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
    try expectArguments(arguments, atMost: 0)
    guard let status = StormStatus(history: session.history, now: session.clock.now().wall) else {
      session.say("no measurements yet: type 'flash' when you see lightning, or 'add SECONDS'")
      return .proceed
    }
    let report = StatusReport(
      status: status, unit: session.currentSettings.unit, repertoire: session.repertoire)
    session.output.write(report.block)
    session.shownNumbers.showed(status.position..<status.position + 1, of: session.history.entries)
    return .proceed
  }
}
