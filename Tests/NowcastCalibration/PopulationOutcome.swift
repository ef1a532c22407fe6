import StormSimulator

/// What the population's scoring keeps of one storm: how it was observed, its chances beside what
/// came, and whether the chance and the six-range line warned.
package struct PopulationOutcome: Equatable, Sendable {
  package let seed: UInt64
  package let kind: ObservationKind?
  /// Nil when status gave no chance (a storm that is over; never a minute after a measurement).
  package let arrival: ChanceOutcome?
  package let approaching: ChanceOutcome?
  package let receding: ChanceOutcome?
  /// Whether the storm came within 10 km in the next 30 minutes.
  package let came: Bool
  package let chanceWarned: Bool
  package let lineWarned: Bool

  package init(_ scored: ScoredStorm) {
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
