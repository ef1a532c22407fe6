import FoundationEssentials
import StormrangeBase
import StormrangeDomain

/// The words for a storm's trend, motion and closest approach, each ± one standard error.
struct MotionText {
  let status: StormStatus
  let unit: DistanceUnit
  let repertoire: CharacterRepertoire
  /// The zone clock times are shown in.
  let localTime: LocalTime

  private var now: Date { status.now }
  private var close: String { unit.formatRoundKilometres(MotionModel.closeDistance) }

  /// `approaching at 24 ± 6 km/h; within 10 km in about 8 min (18:31)`; short:
  /// `approaching at 24 ± 6 km/h, 10 km in ~8 min`.
  func trend(short: Bool) -> String {
    let trend = status.trend
    guard let speed = trend.speed, let error = trend.speedError else {
      return unknown(trend.unknownReason ?? .undetermined, short: short, what: "trend")
    }
    let rate = unit.formatSpeed(metresPerSecond: speed, error: error, plusMinus: repertoire.plusMinus)
    switch trend.direction {
    case .receding: return "receding at \(rate)"
    case .approaching: return "approaching at \(rate)" + arrival(trend, short: short)
    case .steady, .unknown:
      return short ? "steady" : "steady: the range changes by \(rate), within twice its error"
    }
  }

  /// `30 ± 7 km/h over the ground, toward ENE (68° ± 9°)`, or why the motion is not known; short:
  /// `30 ± 7 km/h toward ENE`.
  func motion(short: Bool) -> String {
    guard let motion = status.groundMotion else {
      if case .unknown(let reason) = status.motion.track, status.bearingCount >= TrackMotion.minimumCount {
        return unknown(reason, short: short, what: "motion")
      }
      let have = status.bearingCount
      return short
        ? "motion needs bearings"
        : "not known yet: needs bearings on \(TrackMotion.minimumCount) measurements (\(have) so far)"
    }
    let speed = unit.formatSpeed(
      metresPerSecond: motion.speed, error: motion.speedError, plusMinus: repertoire.plusMinus)
    guard let heading = motion.heading else {
      if short { return "\(speed), no heading" }
      return motion.closestApproach == nil
        ? "\(speed) over the ground: not seen to move, so no heading yet"
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
    let distance = unit.format(
      metres: closest.distance, error: closest.distanceError, plusMinus: repertoire.plusMinus)
    let side =
      closest.bearing.map { bearing in
        " to the \(Bearing(degrees: bearing)?.nearestCompassPoint ?? "") (\(angle(bearing, error: closest.bearingError)))"
      } ?? ""
    let spread = DurationText.approximate(closest.dateError)
    let unknownSide =
      status.groundMotion?.heading != nil
      ? "; over or near you, side not known" : "; ranges alone cannot tell on which side"
    return "\(verb) \(distance)\(side) at \(clock) \(repertoire.plusMinus) \(spread)"
      + (closest.bearing == nil ? unknownSide : "")
  }

  /// `; within 10 km in about 8 min (18:31)` after an approaching speed.
  private func arrival(_ trend: RangeTrend, short: Bool) -> String {
    guard let arrival = trend.within10km else {
      guard status.latest.distance <= MotionModel.closeDistance else { return "" }
      return short ? "" : "; already within \(close)"
    }
    let wait = arrival.timeIntervalSince(now)
    let clock = String(DurationText.clock(arrival, besides: now, in: localTime).dropLast(3))
    if wait > 0 {
      return short
        ? ", 10 km in ~\(DurationText.approximate(wait))"
        : "; within \(close) in about \(DurationText.approximate(wait)) (\(clock))"
    }
    return short ? ", within 10 km by now" : "; within \(close) since about \(clock) if it kept its course"
  }

  /// Why a trend or motion is unknown.
  private func unknown(_ reason: MotionUnknownReason, short: Bool, what: String) -> String {
    switch reason {
    case .tooFewMeasurements(let have, let needed):
      return short
        ? "\(what) needs \(needed - have) more"
        : "needs \(needed) measurements in this storm (\(needed - have) more)"
    case .tooShortSpan(let span, let minimum):
      return short
        ? "\(what) needs \(DurationText.approximate(minimum))"
        : "not known yet: measurements span \(spanText(span, minimum: minimum)); a speed needs "
          + DurationText.approximate(minimum)
    case .inconsistent(let speed):
      return short
        ? "measurements inconsistent"
        : "unknown: the measurements disagree (they would mean \(unit.formatSpeed(metresPerSecond: speed)), "
          + "faster than storms move): strikes from different cells?"
    case .undetermined:
      return short ? "no \(what) yet" : "unknown: the measurements do not determine it"
    }
  }

  /// `under a minute`, `3 min`, or `just under 5 min` when it rounds to the minimum.
  private func spanText(_ span: Double, minimum: Double) -> String {
    let text = DurationText.approximate(span)
    return text == DurationText.approximate(minimum) ? "just under \(text)" : text
  }

  /// `68° ± 9°`.
  private func angle(_ degrees: Double, error: Double?) -> String {
    Self.angle(degrees, error: error, plusMinus: repertoire.plusMinus)
  }

  /// `68° ± 9°`, in whole degrees, for any value: an error the delta method made too large or not
  /// a number (rounding can leave a variance a hair below zero) is shown as it is, never trapped on.
  static func angle(_ degrees: Double, error: Double?, plusMinus: String) -> String {
    let value = "\(degrees.rounded().truncatingRemainder(dividingBy: 360).messageText)°"
    guard let error else { return value }
    return "\(value) \(plusMinus) \(error.rounded().messageText)°"
  }
}
