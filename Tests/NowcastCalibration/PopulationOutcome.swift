import StormSimulator

/// What the population's scoring keeps of one storm: how it was observed, its chances beside what
/// came, and whether the chance and the six-range line warned.
public struct PopulationOutcome: Equatable, Sendable {
  public let seed: UInt64
  public let kind: ObservationKind?
  /// Nil when status gave no chance (a storm that is over; never a minute after a measurement).
  public let arrival: ChanceOutcome?
  public let approaching: ChanceOutcome?
  public let receding: ChanceOutcome?
  /// Whether the storm came within 10 km in the next 30 minutes.
  public let came: Bool
  public let chanceWarned: Bool
  public let lineWarned: Bool

  public init(_ scored: ScoredStorm) {
    seed = scored.storm.seed
    kind = scored.storm.plan.observationKind
    arrival = scored.arrivalChance
    approaching = scored.approachingChance
    receding = scored.recedingChance
    came = scored.comesWithin10km
    chanceWarned = scored.chanceWarns
    lineWarned = scored.lineWarns
  }
}
