/// A named kind of storm whose details each seed draws afresh.
package struct Scenario: Sendable {
  /// How the storm moves, for choosing the bands it is held to.
  package enum Motion: String, Equatable, Sendable {
    /// On a straight track at a steady speed, or at rest.
    case straight
    /// Straight, but only 6 minutes of measurements.
    case short
    /// It stops, sets off, or turns.
    case changing
  }

  package let name: String
  package let motion: Motion
  /// Whether the storm passes the observer, stops or turns: cases where a straight line through the
  /// last ranges is no model of what happens.
  package let defeatsRangeLine: Bool
  /// Whether the storm is at rest when the status is asked for.
  package let endsAtRest: Bool
  private let plan: @Sendable (inout SimulationRandom) -> StormPlan

  package init(
    _ name: String, motion: Motion, defeatsRangeLine: Bool = false, endsAtRest: Bool = false,
    plan: @escaping @Sendable (inout SimulationRandom) -> StormPlan
  ) {
    self.name = name
    self.motion = motion
    self.defeatsRangeLine = defeatsRangeLine
    self.endsAtRest = endsAtRest
    self.plan = plan
  }

  /// Storm `seed` of this scenario: the same seed gives the same storm.
  package func storm(seed: UInt64) -> SimulatedStorm {
    var random = SimulationRandom(seed: seed, stream: name)
    let plan = plan(&random)
    return plan.simulate(scenario: name, seed: seed, using: &random)
  }
}
