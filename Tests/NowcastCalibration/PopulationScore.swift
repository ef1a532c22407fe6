import StormSimulator

/// The population's storms (``StormPopulation``) scored: the chances beside what came, for the
/// reliability table, the Brier skills and the warning's contingency tables, over all storms or
/// those observed one way.
public struct PopulationScore: Sendable {
  /// By seed.
  public private(set) var outcomes: [PopulationOutcome]

  public init(outcomes: [PopulationOutcome] = []) {
    self.outcomes = outcomes.sorted { $0.seed < $1.seed }
  }

  /// The storms of `seeds`, simulated and scored.
  public init(seeds: some Sequence<UInt64>) {
    self.init(outcomes: seeds.map { PopulationOutcome(ScoredStorm(StormPopulation.storm(seed: $0))) })
  }

  /// This score with `other`'s storms too: for scoring parts of the seeds in parallel.
  public func merged(with other: PopulationScore) -> PopulationScore {
    PopulationScore(outcomes: outcomes + other.outcomes)
  }

  public var storms: Int { outcomes.count }

  /// Only the storms observed as `kind`.
  public func only(_ kind: ObservationKind) -> PopulationScore {
    PopulationScore(outcomes: outcomes.filter { $0.kind == kind })
  }

  public var reliability: ReliabilityTable { ReliabilityTable(outcomes.compactMap(\.arrival)) }

  public var arrivalSkill: BrierSkill? { BrierSkill(outcomes.compactMap(\.arrival)) }
  public var approachingSkill: BrierSkill? { BrierSkill(outcomes.compactMap(\.approaching)) }
  public var recedingSkill: BrierSkill? { BrierSkill(outcomes.compactMap(\.receding)) }

  /// The warning at a chance of at least ``CalibrationBands/warningChance``.
  public var chanceWarning: Contingency {
    outcomes.reduce(into: Contingency()) { $0.add(warned: $1.chanceWarned, happened: $1.came) }
  }

  /// ``SixRangeLine``'s warning on the same storms.
  public var lineWarning: Contingency {
    outcomes.reduce(into: Contingency()) { $0.add(warned: $1.lineWarned, happened: $1.came) }
  }
}
