import StormrangeBase
import StormrangeDomain

/// `status --json`: the status as one JSON object on one line, for scripts. Dates are ISO 8601 UTC
/// as in exports, numbers are SI (metres, seconds, metres per second, degrees), speeds are unsigned
/// with the direction in words (the range rate `rate_mps` alone is signed, for scripts and `mqtt`),
/// every `_error` is one standard deviation (σ), and what cannot be known is null.
///
/// ```
/// {"latest": {"index", "date", "distance_m", "uncertainty_m", "bearing_deg", "source"},
///  "storm": {"count", "start", "end", "over"},
///  "trend": {"direction", "speed_mps", "speed_error_mps", "rate_mps", "within_10km_chance",
///            "chance_approaching", "chance_receding", "within_10km_at", "within_10km_earliest",
///            "within_10km_latest", "as_of"},
///  "motion": null | {"speed_mps", "speed_error_mps", "heading_deg", "heading_error_deg", "closest_m",
///                    "closest_error_m", "closest_at", "closest_at_error_s", "bearing_at_closest_deg",
///                    "bearing_at_closest_error_deg"},
///  "advice": {"level", "within_10km", "all_clear_at"},
///  "excluded_ahead",
///  "cells": [{"number", "leading", "latest", "storm", "trend", "motion"}, …]}
/// ```
///
/// `latest`, `storm`, `trend` and `motion` describe the leading cell (``CellLead``), which is the
/// storm itself when it has one; `cells` holds every current cell, in order of birth, the leading
/// one with `"leading": true`; `advice` is the whole history's.
package enum StatusJSON {
  /// The object for `status`, without a line break. With no measurement up to now, `latest`,
  /// `storm`, `trend` and `motion` are null.
  package static func encode(_ status: HistoryStatus) -> String {
    let excluded = JSONText.number(status.ahead.count)
    guard let current = status.current else {
      return JSONText.object([
        "latest": JSONText.null, "storm": JSONText.null, "trend": JSONText.null, "motion": JSONText.null,
        "advice": self.advice(status.advice), "excluded_ahead": excluded, "cells": JSONText.array([]),
      ])
    }
    let cells = status.cells.enumerated().map { index, cell in
      JSONText.object(
        [("number", JSONText.number(cell.number)), ("leading", JSONText.bool(index == status.leading))]
          + describing(cell.status))
    }
    return JSONText.object(
      describing(current) + [
        ("advice", advice(current.advice)), ("excluded_ahead", excluded), ("cells", JSONText.array(cells)),
      ])
  }

  /// The `latest`, `storm`, `trend` and `motion` of a storm or cell.
  private static func describing(_ current: StormStatus) -> [(key: String, value: String)] {
    let latest = current.latest
    return [
      (
        "latest",
        JSONText.object([
          "index": JSONText.number(current.position + 1), "date": JSONText.date(latest.date),
          "distance_m": JSONText.number(latest.distance),
          "uncertainty_m": JSONText.number(current.uncertainty),
          "bearing_deg": JSONText.number(latest.bearing?.degrees),
          "source": latest.source.map { JSONText.string($0.name) } ?? JSONText.null,
        ])
      ),
      (
        "storm",
        JSONText.object([
          "count": JSONText.number(current.storm.count), "start": JSONText.date(current.storm.start),
          "end": JSONText.date(current.storm.end), "over": JSONText.bool(current.isOver),
        ])
      ),
      (
        "trend",
        JSONText.object([
          "direction": JSONText.string(current.trend.direction.rawValue),
          "speed_mps": JSONText.number(current.trend.speed),
          "speed_error_mps": JSONText.number(current.trend.speedError),
          "rate_mps": JSONText.number(current.trend.rate),
          "within_10km_chance": chance(current.trend.within10kmChance),
          "chance_approaching": chance(current.trend.chanceApproaching),
          "chance_receding": chance(current.trend.chanceReceding),
          "within_10km_at": JSONText.date(current.trend.within10km),
          "within_10km_earliest": JSONText.date(current.trend.within10kmEarliest),
          "within_10km_latest": JSONText.date(current.trend.within10kmLatest),
          "as_of": JSONText.date(current.trend.asOf),
        ])
      ),
      ("motion", current.groundMotion.map(motion) ?? JSONText.null),
    ]
  }

  /// The `motion` object, also one per storm in `stats --json`.
  /// A chance to 4 decimals, finer than the nowcast's 2,000 particles resolve: what goes is the
  /// rounding of their sum (0.9924999999999461 is 0.9925).
  private static func chance(_ value: Double?) -> String {
    JSONText.number(value.map { ($0 * 10_000).rounded() / 10_000 })
  }

  package static func motion(_ motion: GroundMotion) -> String {
    let closest = motion.closestApproach
    return JSONText.object([
      "speed_mps": JSONText.number(motion.speed), "speed_error_mps": JSONText.number(motion.speedError),
      "heading_deg": JSONText.number(motion.heading),
      "heading_error_deg": JSONText.number(motion.headingError),
      "closest_m": JSONText.number(closest?.distance),
      "closest_error_m": JSONText.number(closest?.distanceError),
      "closest_at": JSONText.date(closest?.date), "closest_at_error_s": JSONText.number(closest?.dateError),
      "bearing_at_closest_deg": JSONText.number(closest?.bearing),
      "bearing_at_closest_error_deg": JSONText.number(closest?.bearingError),
    ])
  }

  private static func advice(_ advice: SafetyAdvice) -> String {
    JSONText.object([
      "level": JSONText.string(advice.level.rawValue),
      "within_10km": JSONText.bool(advice.lightningWithinCloseDistance),
      "all_clear_at": JSONText.date(advice.allClear),
    ])
  }
}
