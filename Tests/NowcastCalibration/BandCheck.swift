import StormSimulator

/// One band checked against a scenario's score.
package struct BandCheck: Sendable {
  package enum Verdict: Equatable, Sendable {
    case pass
    case fail
    /// Too few cases, or no band.
    case unchecked
  }

  package let label: String
  /// The measured value (`93.5 %`, `4.1 vs 6.0 km/h`), `—` when never applies.
  package let value: String
  /// The cases it is measured over, and what they are.
  package let count: Int
  package let countLabel: String
  /// The band as checked (widened for chance if asked), or why it is not checked.
  package let band: String
  package let verdict: Verdict
}

extension BandCheck {
  /// Every band of `score`'s scenario checked.
  ///
  /// `seeds` is how many storms the score has per scenario: the minimum counts scale with it from
  /// ``CalibrationBands/seeds``. `chance` widens the bands for fewer seeds than they were set for:
  /// each share's bound moves outward by `chance` binomial standard errors at the count measured
  /// (``Band/widened(z:count:)``), and the medians compared become the quantiles of rank
  /// 0.5 ∓ `chance` · 0.5/√n (the estimator's lower, the line's upper), the same binomial allowance
  /// for a median's rank. 0 checks the bands as written.
  package static func all(of score: ScenarioScore, seeds: Int, chance: Double = 0) -> [BandCheck] {
    Metric.allCases.map { check(metric: $0, of: score, seeds: seeds, chance: chance) }
      + [lineCheck(of: score, chance: chance)]
  }

  /// The checks that fail, one line each.
  package static func failures(of score: ScenarioScore, seeds: Int, chance: Double = 0) -> [String] {
    all(of: score, seeds: seeds, chance: chance).filter { $0.verdict == .fail }.map {
      "\(score.scenario.name): \($0.label) \($0.value) of \($0.count) \($0.countLabel), band \($0.band)"
    }
  }

  static func check(metric: Metric, of score: ScenarioScore, seeds: Int, chance: Double) -> BandCheck {
    let tally = score[metric]
    let value = tally.fraction.map { Band.percent($0) } ?? "—"
    let minimum = Int(
      (Double(CalibrationBands.minimumCount(metric) * seeds) / Double(CalibrationBands.seeds)).rounded(.up))
    guard let band = CalibrationBands.band(metric, in: score.scenario), let fraction = tally.fraction,
      tally.count >= minimum
    else {
      return BandCheck(
        label: metric.label, value: value, count: tally.count, countLabel: metric.countLabel,
        band: "(fewer than \(minimum))", verdict: .unchecked)
    }
    let widened = band.widened(z: chance, count: tally.count)
    return BandCheck(
      label: metric.label, value: value, count: tally.count, countLabel: metric.countLabel,
      band: widened.description, verdict: widened.contains(fraction) ? .pass : .fail)
  }

  static func lineCheck(of score: ScenarioScore, chance: Double) -> BandCheck {
    let label = "median |rate error| vs 6-range line"
    let count = score.estimatorErrors.count
    let spread = count > 0 ? chance * 0.5 / Double(count).squareRoot() : 0
    guard let estimator = ScenarioScore.quantile(score.estimatorErrors, 0.5 - spread),
      let line = ScenarioScore.quantile(score.lineErrors, 0.5 + spread)
    else {
      return BandCheck(
        label: label, value: "—", count: 0, countLabel: "given", band: "(none given)", verdict: .unchecked)
    }
    let (estimatorKmh, lineKmh) = (estimator * 3.6, line * 3.6)
    let mustBeat = score.scenario.defeatsRangeLine
    let passes =
      estimatorKmh <= lineKmh + CalibrationBands.lineMargin && (!mustBeat || estimatorKmh < lineKmh)
    let margin = CalibrationBands.lineMargin
    let band = mustBeat ? "< line" : "≤ line + \(Int(margin))"
    let value = "\(Self.kmh(estimatorKmh)) vs \(Self.kmh(lineKmh)) km/h"
    return BandCheck(
      label: label, value: value, count: count, countLabel: "given", band: band,
      verdict: passes ? .pass : .fail)
  }

  /// One decimal.
  static func kmh(_ value: Double) -> String {
    let tenths = (value * 10).rounded() / 10
    return String(tenths)
  }
}
