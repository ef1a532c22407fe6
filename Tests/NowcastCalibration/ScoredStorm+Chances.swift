import StormSimulator
import StormrangeDomain

extension ScoredStorm {
  /// Whether the true centre is within 10 km at some moment of the next 30 minutes, now included:
  /// the event ``RangeTrend/within10kmChance`` gives the chance of.
  package var comesWithin10km: Bool {
    guard let arrival = truth.arrivalWithin10km else { return false }
    return arrival <= storm.statusTime + Self.warningWindow
  }

  /// The chance of coming within 10 km in 30 minutes, and whether it came; nil when none is given.
  package var arrivalChance: ChanceOutcome? {
    trend.within10kmChance.map { ChanceOutcome(chance: $0, happened: comesWithin10km) }
  }

  /// The chance that the range is falling faster than ``steadyRate`` at the status time, and
  /// whether it truly is; nil when none is given.
  package var approachingChance: ChanceOutcome? {
    trend.chanceApproaching.map { ChanceOutcome(chance: $0, happened: truth.rangeRate < -Self.steadyRate) }
  }

  /// The chance that the range is rising faster than ``steadyRate``, and whether it truly is.
  package var recedingChance: ChanceOutcome? {
    trend.chanceReceding.map { ChanceOutcome(chance: $0, happened: truth.rangeRate > Self.steadyRate) }
  }

  /// Whether the chance warns: at least ``CalibrationBands/warningChance``.
  package var chanceWarns: Bool {
    (trend.within10kmChance ?? 0) >= CalibrationBands.warningChance
  }
}
