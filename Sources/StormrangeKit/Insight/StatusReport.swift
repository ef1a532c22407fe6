import FoundationEssentials
import StormrangeBase
import StormrangeDomain

/// The words for a ``StormStatus``: the `status` block and the one-line summary shown after each
/// measurement at the prompt.
struct StatusReport {
  let status: StormStatus
  let unit: DistanceUnit
  let repertoire: CharacterRepertoire

  /// ```
  /// latest     #7  2.06 km ± 0.15 km  (delay 6.00 s, flash at 18:23:00, 2 min ago)
  /// storm      7 measurements from 18:03:00 to 18:23:00 (20 min)
  /// trend      approaching at 24 km/h; within 10 km in about 8 min (18:31)
  /// advice     SHELTER NOW: thunder was heard 2 min ago (18:23:06); when thunder roars, go indoors
  ///            lightning within about 10 km in the last 30 minutes
  /// all clear  in 27:54 (at 18:53:06) if no more thunder is heard
  /// ```
  var block: String {
    let (latest, advice, now) = (status.latest, status.advice, status.now)
    var text = ""
    func line(_ label: String, _ value: String) {
      text += label + String(repeating: " ", count: 11 - label.count) + value + "\n"
    }
    let origin = MeasurementText.origin(latest)
    let flash = DurationText.clock(latest.date, besides: now)
    let age = DurationText.approximate(now.timeIntervalSince(latest.date))
    let bearing = latest.bearing.map { " \($0.description)" } ?? ""
    line(
      "latest",
      "#\(status.position + 1)  \(distanceWithUncertainty)\(bearing)  (\(origin), flash at \(flash), \(age) ago)"
    )
    line("storm", stormDescription)
    line("trend", trendDescription(short: false))
    let lastThunder = advice.lastThunder ?? now
    let since = DurationText.approximate(advice.sinceLastThunder ?? 0)
    let thunderClock = DurationText.clock(lastThunder, besides: now)
    switch advice.level {
    case .shelterNow:
      line("advice", "SHELTER NOW: thunder was heard \(since) ago (\(thunderClock)); when thunder roars, go indoors")
      if advice.lightningWithinCloseDistance { line("", "lightning within about \(close) in the last 30 minutes") }
      let countdown = DurationText.countdown(advice.remaining)
      let at = DurationText.clock(advice.allClear ?? now, besides: now)
      line("all clear", "in \(countdown) (at \(at)) if no more thunder is heard")
    case .allClear:
      line("advice", "all clear: the last thunder was \(since) ago (\(thunderClock))")
    }
    return text
  }

  /// `± 0.15 km · approaching at 24 km/h, 10 km in ~8 min · shelter now, lightning within 10 km`.
  var summaryLine: String {
    let advice: String
    switch status.advice.level {
    case .shelterNow:
      advice = status.advice.lightningWithinCloseDistance ? "shelter now, lightning within 10 km" : "shelter now"
    case .allClear:
      advice = "all clear (last thunder \(DurationText.approximate(status.advice.sinceLastThunder ?? 0)) ago)"
    }
    let uncertainty = "\(repertoire.plusMinus) \(unit.format(metres: status.uncertainty))"
    return [uncertainty, trendDescription(short: true), advice].joined(separator: repertoire.separator)
  }

  /// `10 km`, or `10 km (6.21 mi)` in imperial units.
  private var close: String { unit.formatRoundKilometres(DistanceTrend.closeDistance) }

  private var distanceWithUncertainty: String {
    "\(unit.format(metres: status.latest.distance)) \(repertoire.plusMinus) \(unit.format(metres: status.uncertainty))"
  }

  private var stormDescription: String {
    let storm = status.storm
    let start = DurationText.clock(storm.start, besides: status.now)
    guard storm.count > 1 else { return "1 measurement so far, at \(start)" }
    let end = DurationText.clock(storm.end, besides: status.now)
    let span = DurationText.approximate(storm.end.timeIntervalSince(storm.start))
    return "\(storm.count) measurements from \(start) to \(end) (\(span))"
  }

  /// The trend over the storm, with its speed and, when approaching, when it comes within 10 km.
  func trendDescription(short: Bool) -> String {
    guard let trend = status.trend else {
      let count = status.storm.count
      if count < DistanceTrend.minimumCount {
        let more = DistanceTrend.minimumCount - count
        return short
          ? "trend needs \(more) more"
          : "needs \(DistanceTrend.minimumCount) measurements in this storm (\(more) more)"
      }
      return short ? "no trend yet" : "no trend yet: the measurements were all taken in the same second"
    }
    let speed = unit.formatSpeed(metresPerSecond: trend.speed)
    switch trend.direction {
    case .receding:
      return "receding at \(speed)"
    case .steady:
      if short { return "steady" }
      if trend.speed < DistanceTrend.steadySpeed {
        return "steady (moving under \(unit.formatSpeed(metresPerSecond: DistanceTrend.steadySpeed)))"
      }
      let error = unit.formatSpeed(metresPerSecond: trend.velocityUncertainty)
      return "steady: \(speed) \(repertoire.plusMinus) \(error) is within the timing error"
    case .approaching:
      return "approaching at \(speed)" + arrivalDescription(trend, short: short)
    }
  }

  /// When an approaching storm comes within 10 km, after the speed.
  private func arrivalDescription(_ trend: DistanceTrend, short: Bool) -> String {
    let now = status.now
    guard status.latest.distance > DistanceTrend.closeDistance, let arrival = trend.arrival() else {
      return short ? "" : "; already within \(close)"
    }
    let wait = arrival.timeIntervalSince(now)
    let clock = String(DurationText.clock(arrival, besides: now).dropLast(3))
    if wait > 0 {
      return short
        ? ", 10 km in ~\(DurationText.approximate(wait))"
        : "; within \(close) in about \(DurationText.approximate(wait)) (\(clock))"
    }
    return short ? ", within 10 km by now" : "; within \(close) since about \(clock) if it kept its course"
  }
}
