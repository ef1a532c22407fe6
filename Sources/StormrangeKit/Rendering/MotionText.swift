import FoundationEssentials
import StormrangeBase
import StormrangeDomain

/// The words for a storm's trend, motion and closest approach, each ± one standard error. For a
/// storm that is over they are as of its last flash, and say so.
struct MotionText {
  let status: StormStatus
  let unit: DistanceUnit
  let repertoire: CharacterRepertoire
  /// The zone clock times are shown in.
  let localTime: LocalTime

  private var now: Date { status.now }
  private var plusMinus: PlusMinusText {
    PlusMinusText(unit: unit, repertoire: repertoire, localTime: localTime)
  }
  private var over: Bool { status.isOver }
  /// `18:03:00`: the last flash of the storm, which the words of a storm that is over are as of.
  private var lastFlash: String { DurationText.clock(status.storm.end, besides: now, in: localTime) }
  private var close: String { unit.formatRoundKilometres(MotionModel.closeDistance) }

  /// `approaching at 24 ± 6 km/h; within 10 km in about 8 min (18:31)`; short:
  /// `approaching at 24 ± 6 km/h, 10 km in ~8 min`. For a storm that is over:
  /// `as of its last flash at 18:03:00, receding at 34 ± 3 km/h`; short:
  /// `storm over, receding at 34 ± 3 km/h as of 18:03`.
  func trend(short: Bool) -> String {
    let trend = status.trend
    guard let speed = trend.speed, let error = trend.speedError else {
      let reason = unknown(trend.unknownReason ?? .undetermined, short: short, what: "trend")
      return over && short ? "storm over" : reason
    }
    let rate = plusMinus.speed(metresPerSecond: speed, error: error)
    let words: String
    switch trend.direction {
    case .receding: words = "receding at \(rate)"
    case .approaching: words = "approaching at \(rate)" + arrival(trend, short: short)
    case .steady, .unknown:
      // The rate without its sign: it is not sure which way the range goes.
      words = short ? "steady" : "steady: not surely coming or going (\(rate))"
    }
    guard over else { return words }
    return short
      ? "storm over, \(words) as of \(lastFlash.dropLast(3))"
      : "as of its last flash at \(lastFlash), \(words)"
  }

  /// `30 ± 7 km/h over the ground, toward ENE (68° ± 9°)`, or why the motion is not known; short:
  /// `30 ± 7 km/h toward ENE`.
  func motion(short: Bool) -> String {
    guard let motion = status.groundMotion else {
      return unknown(status.motion.unknownReason ?? .undetermined, short: short, what: "motion")
    }
    let words = knownMotion(motion, short: short)
    return over && !short ? "as of \(lastFlash), \(words)" : words
  }

  private func knownMotion(_ motion: GroundMotion, short: Bool) -> String {
    let speed = plusMinus.speed(metresPerSecond: motion.speed, error: motion.speedError)
    guard let heading = motion.heading else {
      if short { return "\(speed), no heading" }
      // Without a heading it is not seen to move, or it is from ranges alone.
      return !motion.isMoving
        ? "\(speed) over the ground: not seen to move, so no heading\(over ? "" : " yet")"
        : "\(speed) over the ground, from ranges alone (no heading without bearings)"
    }
    let point = Bearing(degrees: heading)?.nearestCompassPoint ?? ""
    if short { return "\(speed) toward \(point)" }
    return "\(speed) over the ground, toward \(point) (\(angle(heading, error: motion.headingError)))"
  }

  /// `passes 5.00 ± 1.10 km to the N (2° ± 9°) at 18:42 ± 3 min`; short: `closest 5.00 km at 18:42`.
  /// Nil when not known.
  func closestApproach(short: Bool) -> String? {
    guard let closest = status.groundMotion?.closestApproach else { return nil }
    let clock = String(DurationText.clock(closest.date, besides: now, in: localTime).dropLast(3))
    let verb = closest.date > now ? "passes" : "passed"
    if short {
      let side = closest.bearing.flatMap { Bearing(degrees: $0)?.nearestCompassPoint }.map { " " + $0 } ?? ""
      return "\(verb) \(unit.format(metres: closest.distance))\(side) at \(clock)"
    }
    let distance = plusMinus.distance(metres: closest.distance, error: closest.distanceError)
    let side =
      closest.bearing.map { bearing in
        " to the \(Bearing(degrees: bearing)?.nearestCompassPoint ?? "") (\(angle(bearing, error: closest.bearingError)))"
      } ?? ""
    let unknownSide =
      status.groundMotion?.heading != nil
      ? "; over or near you, side not known" : "; ranges alone cannot tell on which side"
    let time = plusMinus.clock(closest.date, error: closest.dateError, besides: now)
    return "\(verb) \(distance)\(side) at \(time)"
      + (closest.bearing == nil ? unknownSide : "")
  }

  /// `; within 10 km in 6–15 min (18:31–18:40)` after an approaching speed: the 5th to the 95th
  /// percentile of the forecast, in whole minutes rounded outward (``ArrivalWindow``); short:
  /// `, 10 km in 6–15 min`.
  private func arrival(_ trend: RangeTrend, short: Bool) -> String {
    guard let window = ArrivalWindow(trend, now: now) else {
      guard !over, (trend.range ?? status.latest.distance) <= MotionModel.closeDistance else { return "" }
      return short ? "" : "; already within \(close)"
    }
    let dash = repertoire.rangeDash
    let minutes = "\(window.earliestMinutes)\(dash)\(window.latestMinutes) min"
    if short { return ", 10 km in \(minutes)" }
    let clock = { (date: Date) in
      String(DurationText.clock(date, besides: self.now, in: self.localTime).dropLast(3))
    }
    let clocks = "\(clock(window.earliest))\(dash)\(clock(window.latest))"
    return "; within \(close) in \(minutes) (\(clocks))"
  }

  /// Why a trend or motion is unknown.
  private func unknown(_ reason: MotionUnknownReason, short: Bool, what: String) -> String {
    switch reason {
    case .tooFewMeasurements(let have, let needed):
      if over {
        return short
          ? "no \(what)" : "not known: needs \(needed) measurements in a storm (this one had \(have))"
      }
      return short
        ? "\(what) needs \(needed - have) more"
        : "needs \(needed) measurements in this storm (\(needed - have) more)"
    case .tooShortSpan(let span, let minimum):
      if over {
        return short
          ? "no \(what)"
          : "not known: the measurements spanned \(spanText(span, minimum: minimum)); a speed needs "
            + DurationText.approximate(minimum)
      }
      return short
        ? "\(what) needs \(DurationText.approximate(minimum))"
        : "not known yet: measurements span \(spanText(span, minimum: minimum)); a speed needs "
          + DurationText.approximate(minimum)
    case .undetermined:
      return short ? "no \(what)\(over ? "" : " yet")" : "unknown: the measurements do not determine it"
    }
  }

  /// `under a minute`, `3 min`, or `just under 5 min` when it rounds to the minimum.
  private func spanText(_ span: Double, minimum: Double) -> String {
    let text = DurationText.approximate(span)
    return text == DurationText.approximate(minimum) ? "just under \(text)" : text
  }

  /// `68° ± 9°` (``PlusMinusText/angle(degrees:error:)``), or `68°`; for any value, never trapping.
  private func angle(_ degrees: Double, error: Double?) -> String {
    guard let error else { return "\(degrees.rounded().truncatingRemainder(dividingBy: 360).messageText)°" }
    return plusMinus.angle(degrees: degrees, error: error)
  }
}
