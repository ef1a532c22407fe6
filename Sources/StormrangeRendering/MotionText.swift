import FoundationEssentials
import StormrangeBase
import StormrangeDomain

/// The words for a storm's trend, motion and closest approach, each ± one standard deviation. For a
/// storm that is over they are as of its last flash, and say so.
package struct MotionText {
  package let status: StormStatus
  package let unit: DistanceUnit
  package let repertoire: CharacterRepertoire
  /// The zone clock times are shown in.
  package let localTime: LocalTime
  /// What ``status`` describes, in the words' "in this storm": `storm`, or `cell` for one cell of
  /// several.
  package var whole = "storm"

  package init(status: StormStatus, unit: DistanceUnit, repertoire: CharacterRepertoire, localTime: LocalTime)
  {
    self.status = status
    self.unit = unit
    self.repertoire = repertoire
    self.localTime = localTime
  }

  private var now: Date { status.now }
  private var plusMinus: PlusMinusText {
    PlusMinusText(unit: unit, repertoire: repertoire, localTime: localTime)
  }
  private var over: Bool { status.isOver }
  /// `18:03:00`: the last flash of the storm, which the words of a storm that is over are as of.
  private var lastFlash: String { DurationText.clock(status.storm.end, besides: now, in: localTime) }
  private var close: String { unit.formatRoundKilometres(MotionThresholds.closeDistance) }
  /// The window the chance of coming close looks ahead, `30 min` (``MotionThresholds/chanceWindow``).
  private var chanceWindow: String { "\(Int(MotionThresholds.chanceWindow / 60)) min" }

  /// `approaching at 24 ± 6 km/h`; where the hypotheses do not agree on a direction, how they
  /// lean and which way the range goes: `steady: approaching 6 in 10, receding 1 in 10 (closing at
  /// 11 ± 14 km/h)`; short: `steady, closing at 11 ± 14 km/h`. For a storm that is over:
  /// `as of its last flash at 18:03:00, receding at 34 ± 3 km/h`; short:
  /// `storm over, receding at 34 ± 3 km/h as of 18:03`.
  package func trend(short: Bool) -> String {
    let trend = status.trend
    guard let speed = trend.speed, let error = trend.speedError, let signed = trend.rate else {
      let reason = unknown(trend.unknownReason ?? .undetermined, short: short, what: "trend")
      return over && short ? "storm over" : reason
    }
    let rate = plusMinus.speed(metresPerSecond: speed, error: error)
    let words: String
    switch trend.direction {
    case .receding: words = "receding at \(rate)"
    case .approaching: words = "approaching at \(rate)"
    case .steady, .unknown:
      let way = "\(signed < 0 ? "closing" : "opening") at \(rate)"
      if short {
        words = "steady, \(way)"
      } else if let approaching = trend.chanceApproaching, let receding = trend.chanceReceding {
        words =
          "steady: approaching \(ChanceText.words(approaching, roundingDown: true)), "
          + "receding \(ChanceText.words(receding, roundingDown: true)) (\(way))"
      } else {
        words = "steady: not surely coming or going (\(way))"
      }
    }
    guard over else {
      guard let then = status.directionAtLastFlash, !short else { return words }
      let since = DurationText.approximate(now.timeIntervalSince(status.storm.end))
      return "\(words); at the last flash, \(since) ago, it read \(then.rawValue): with no flash since, "
        + "it may have stopped or turned"
    }
    return short
      ? "storm over, \(words) as of \(DurationText.toTheMinute(lastFlash))"
      : "as of its last flash at \(lastFlash), \(words)"
  }

  /// The chance of coming within 10 km, and when: `7 in 10 of coming within 10 km in the next 30
  /// min`, then, when enough of the outcomes come within 3 hours, `if it comes (within 3 h): most
  /// likely at 18:37, in 12–25 min (18:31–18:44)`, the 5th to the 95th percentile in whole minutes
  /// rounded outward (``ArrivalWindow``); or `already within 10 km` when the estimated centre is.
  /// Short: `7 in 10 within 10 km in 30 min, likeliest 18:37`. Nil for a storm that is over, which
  /// gets no forecast.
  func chance(short: Bool) -> [String]? {
    let trend = status.trend
    guard let chance = trend.within10kmChance else { return nil }
    if let range = trend.range, range <= MotionThresholds.closeDistance {
      return [
        short
          ? "centre within \(close)" : "already within \(close): the storm's centre, as estimated, is inside"
      ]
    }
    let window = ArrivalWindow(trend, now: now)
    let likeliest = trend.within10km.map(clock)
    let odds = ChanceText.words(chance)
    if short {
      return ["\(odds) within \(close) in \(chanceWindow)" + (likeliest.map { ", likeliest \($0)" } ?? "")]
    }
    let first = "\(odds) of coming within \(close) in the next \(chanceWindow)"
    guard let window, let likeliest else { return [first] }
    let dash = repertoire.rangeDash
    let hours = "\(Int(MotionThresholds.arrivalHorizon / 3_600)) h"
    return [
      first,
      "if it comes (within \(hours)): most likely at \(likeliest), in "
        + "\(window.earliestMinutes)\(dash)\(window.latestMinutes) min "
        + "(\(clock(window.earliest))\(dash)\(clock(window.latest)))",
    ]
  }

  /// What the ranges themselves did over the storm's last 20 minutes (``MeasuredRanges``):
  /// `12.4 → 7.6 km in 12 min, as measured (medians of 3)`, or each range when there are fewer
  /// than six: `14.1, 12.4, 10.6 km in 8 min, as measured`. Nil with fewer than two.
  func ranges() -> String? {
    guard let ranges = MeasuredRanges(status.storm) else { return nil }
    let steps = ranges.allSteps && unit == .kilometres
    let number = { (metres: Double) in
      FixedPoint.fixed(metres / self.unit.metresPerUnit, digits: steps || self.unit.decimals == 0 ? 0 : 1)
    }
    let how = steps ? "AS3935 steps, " : ""
    switch ranges.shape {
    case .medians(let first, let last, let seconds):
      return "\(number(first)) \(repertoire.arrow) \(number(last)) \(unit.rawValue) in "
        + "\(DurationText.approximate(seconds)), as measured (\(how)medians of \(MeasuredRanges.endCount))"
    case .listed(let values, let seconds):
      return values.map(number).joined(separator: ", ") + " \(unit.rawValue) in "
        + "\(DurationText.approximate(seconds)), as measured" + (steps ? " (AS3935 steps)" : "")
    }
  }

  /// `18:37`: a local clock time to the minute, with its date when not today's.
  private func clock(_ date: Date) -> String {
    DurationText.toTheMinute(DurationText.clock(date, besides: now, in: localTime))
  }

  /// `30 ± 7 km/h over the ground, toward ENE (68° ± 9°)`, or why the motion is not known; short:
  /// `30 ± 7 km/h toward ENE`.
  package func motion(short: Bool) -> String {
    guard let motion = status.groundMotion else {
      return unknown(status.motion.unknownReason ?? .undetermined, short: short, what: "motion")
    }
    let words = knownMotion(motion, short: short)
    return over && !short ? "as of \(lastFlash), \(words)" : words
  }

  private func knownMotion(_ motion: GroundMotion, short: Bool) -> String {
    let speed = plusMinus.speed(metresPerSecond: motion.speed, error: motion.speedError)
    guard let heading = motion.heading else {
      guard !motion.isMoving else {
        return short
          ? "\(speed), no heading"
          : "\(speed) over the ground, from ranges alone (no heading without bearings)"
      }
      // Not told from rest: no speed as if it had been measured, only how fast it may be going.
      let upTo = unit.formatSpeedUpTo(metresPerSecond: motion.speed + 2 * motion.speedError)
      if short { return "still or up to \(upTo)" }
      return over
        ? "not seen to move: it may have been still, or moving at up to about \(upTo)"
        : "not seen to move: it may be still, or moving at up to about \(upTo); the measurements cannot tell yet"
    }
    let point = Bearing(degrees: heading)?.nearestCompassPoint ?? ""
    if short { return "\(speed) toward \(point)" }
    return "\(speed) over the ground, toward \(point) (\(angle(heading, error: motion.headingError)))"
  }

  /// `passes 5.00 ± 1.10 km to the N (2° ± 9°) at 18:42 ± 3 min`; short: `passes 5.00 km N at
  /// 18:42`. A storm is said to have passed only once its range is seen to rise (`receding`):
  /// before that it may still be coming, whatever the course fitted so far says. From ranges alone,
  /// which cannot tell a storm passing to one side from one coming overhead, a storm not seen to
  /// recede comes to within 0 to as near as the ranges allow, and the text says what ranges cannot
  /// tell. Nil when not known.
  package func closestApproach(short: Bool) -> String? {
    guard let motion = status.groundMotion, let closest = motion.closestApproach else { return nil }
    let clock = clock(closest.date)
    let risen = status.trend.direction == .receding
    let ahead = closest.date > now
    let time = plusMinus.clock(closest.date, error: closest.dateError, besides: now)
    if motion.heading == nil, !risen {
      // Ranges alone, the range not seen to rise: anywhere from overhead to as far as they allow.
      // No nearer than its closest course allows, and no farther than where it is now.
      let farthest = min(closest.distance + 2 * closest.distanceError, status.trend.range ?? .infinity)
      let within = "0\(repertoire.rangeDash)\(unit.formatWholeUpTo(metres: farthest))"
      if short { return "nearest \(within) at \(clock)" }
      if over, !ahead {
        return
          "on its last course, nearest at \(time), within \(within); ranges alone cannot tell on which side, "
          + "nor whether it came overhead"
      }
      return ahead
        ? "comes to within \(within) of you at about \(time); ranges alone cannot tell whether it passes to one side or comes overhead"
        : "nearest about now (\(time)), within \(within); ranges alone cannot tell whether it is still coming, nor on which side"
    }
    // A storm that is over is described as of its last flash: on the course it had then, whether
    // or not its ranges had risen by then, which they could no longer show.
    let verb =
      ahead ? "passes" : risen ? "passed" : over ? "on its last course, passed" : "nearest about now:"
    // A side only when the distance is more than its ±: nearer, it may pass over you, and naming a
    // side (with an error of 80°) would read as "it will miss me".
    let sideBearing = closest.distance > closest.distanceError ? closest.bearing : nil
    if short {
      let side = sideBearing.flatMap { Bearing(degrees: $0)?.nearestCompassPoint }.map { " " + $0 } ?? ""
      return
        "\(ahead || risen || over ? verb : "nearest") \(unit.format(metres: closest.distance))\(side) at \(clock)"
    }
    let distance = plusMinus.distance(metres: closest.distance, error: closest.distanceError)
    let side =
      sideBearing.map { bearing in
        " to the \(Bearing(degrees: bearing)?.nearestCompassPoint ?? "") (\(angle(bearing, error: closest.bearingError)))"
      } ?? ""
    let unknownSide =
      motion.heading != nil
      ? "; over or near you, side not known" : "; ranges alone cannot tell on which side"
    return "\(verb) \(distance)\(side) at \(time)" + (sideBearing == nil ? unknownSide : "")
  }

  /// Why a trend or motion is unknown.
  private func unknown(_ reason: MotionUnknownReason, short: Bool, what: String) -> String {
    switch reason {
    case .tooFewMeasurements(let have, let needed):
      if over {
        return short
          ? "no \(what)" : "not known: needs \(needed) measurements in a \(whole) (this one had \(have))"
      }
      // Both at once, when the span will be short too, so the person is not told one then the other.
      let minimum = MotionThresholds.minimumSpan
      let spanShort = status.storm.end.timeIntervalSince(status.storm.start) < minimum
      let over = spanShort ? " over \(DurationText.approximate(minimum))" : ""
      return short
        ? "\(what) needs \(needed - have) more\(over)"
        : "needs \(needed) measurements\(spanShort ? " over at least \(DurationText.approximate(minimum))" : "") "
          + "in this \(whole) (\(needed - have) more)"
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
