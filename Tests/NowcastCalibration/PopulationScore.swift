import StormSimulator

/// The population's storms (``StormPopulation``) scored: the chances beside what came, for the
/// reliability table, the Brier skills and the warning's contingency tables, over all storms or
/// those observed one way.
package struct PopulationScore: Sendable {
  /// By seed.
  package private(set) var outcomes: [PopulationOutcome]

  package init(outcomes: [PopulationOutcome] = []) {
    self.outcomes = outcomes.sorted { $0.seed < $1.seed }
  }

  /// The storms of `seeds`, simulated and scored.
  package init(seeds: some Sequence<UInt64>) {
    self.init(outcomes: seeds.map { PopulationOutcome(ScoredStorm(StormPopulation.storm(seed: $0))) })
  }

  /// This score with `other`'s storms too: for scoring parts of the seeds in parallel.
  package func merged(with other: PopulationScore) -> PopulationScore {
    PopulationScore(outcomes: outcomes + other.outcomes)
  }

  package var storms: Int { outcomes.count }

  /// Only the storms observed as `kind`.
  package func only(_ kind: ObservationKind) -> PopulationScore {
    PopulationScore(outcomes: outcomes.filter { $0.kind == kind })
  }

  package var reliability: ReliabilityTable { ReliabilityTable(outcomes.compactMap(\.arrival)) }

  package var arrivalSkill: BrierSkill? { BrierSkill(outcomes.compactMap(\.arrival)) }
  package var approachingSkill: BrierSkill? { BrierSkill(outcomes.compactMap(\.approaching)) }
  package var recedingSkill: BrierSkill? { BrierSkill(outcomes.compactMap(\.receding)) }

  /// The warning at a chance of at least ``CalibrationBands/warningChance``.
  package var chanceWarning: Contingency {
    outcomes.reduce(into: Contingency()) { $0.add(warned: $1.chanceWarned, happened: $1.came) }
  }

  /// ``SixRangeLine``'s warning on the same storms.
  package var lineWarning: Contingency {
    outcomes.reduce(into: Contingency()) { $0.add(warned: $1.lineWarned, happened: $1.came) }
  }
}
