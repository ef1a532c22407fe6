import StormSimulator

/// The targets, per scenario, at ``seeds`` seeds: the one place the bands are written.
///
/// - Trend rate within 2σ: ≥ 90 % for straight or stationary storms, ≥ 85 % for short ones, ≥ 80 %
///   for storms that stop, charge or turn. Within 1σ: 60–90 % (50–90 % for those that change); a
///   storm at rest has no upper bound, since an honest "steady, 0 ± a few km/h" may cover every case.
/// - Ground speed, heading, closest distance and its time within 2σ, where given at least 30
///   times: ≥ 90 % on straight tracks, ≥ 80 % for storms that change.
/// - Direction wrong in ≤ 5 %.
/// - Within 10 km: arrived more than 5 min before the earliest time in ≤ 5 % of forecasts (where at
///   least 50 are made); of storms outside that come within 10 km in the next 30 min, ≥ 85 % warned
///   (where at least 30 do: the issue names no count, this one is ours).
/// - At rest: a heading in ≤ 5 % (where at least 30 are at rest; ours too).
/// - The median |rate error| at most 8 km/h worse than ``SixRangeLine``'s, and better than it where
///   the scenario passes, stops or turns (``Scenario/defeatsRangeLine``).
public enum CalibrationBands {
  /// The seeds the bands are set for: their widths already allow for chance at this many.
  public static let seeds = 200
  /// Km/h by which the estimator's median rate error may exceed the line's.
  public static let lineMargin = 8.0

  /// The band of `metric` in `scenario`; nil when it has none.
  public static func band(_ metric: Metric, in scenario: Scenario) -> Band? {
    let changing = scenario.motion == .changing
    switch metric {
    case .rateWithin2Sigma:
      switch scenario.motion {
      case .straight: return .atLeast(0.90)
      case .short: return .atLeast(0.85)
      case .changing: return .atLeast(0.80)
      }
    case .rateWithin1Sigma:
      let lower = changing ? 0.50 : 0.60
      return scenario.endsAtRest ? .atLeast(lower) : .between(lower, 0.90)
    case .speedWithin2Sigma, .headingWithin2Sigma, .closestDistanceWithin2Sigma, .closestTimeWithin2Sigma:
      return .atLeast(changing ? 0.80 : 0.90)
    case .wrongDirection, .lateArrival, .headingAtRest: return .atMost(0.05)
    case .arrivalWarned: return .atLeast(0.85)
    }
  }

  /// The fewest cases, at ``seeds`` seeds, for `metric`'s band to be checked.
  public static func minimumCount(_ metric: Metric) -> Int {
    switch metric {
    case .rateWithin1Sigma, .rateWithin2Sigma, .wrongDirection: 1
    case .speedWithin2Sigma, .headingWithin2Sigma, .closestDistanceWithin2Sigma, .closestTimeWithin2Sigma,
      .arrivalWarned, .headingAtRest:
      30
    case .lateArrival: 50
    }
  }
}
