/// One simulated storm: what the observer recorded, when the status is asked for, and the truth
/// then.
package struct SimulatedStorm: Equatable, Sendable {
  /// Seconds since 1970 of the storm's first flash (2025-06-15 15:06:40 UTC).
  package static let epoch = 1_750_000_000.0
  /// Seconds from the last measurement to the status.
  package static let statusDelay = 60.0

  package let scenario: String
  package let seed: UInt64
  package let plan: StormPlan
  /// By time, oldest first.
  package let measurements: [SimulatedMeasurement]
  /// Seconds since 1970: a minute after the last measurement.
  package let statusTime: Double
  package let truth: StormTruth

  package init(scenario: String, seed: UInt64, plan: StormPlan, measurements: [SimulatedMeasurement]) {
    self.scenario = scenario
    self.seed = seed
    self.plan = plan
    self.measurements = measurements
    statusTime = (measurements.last?.time ?? Self.epoch + plan.duration) + Self.statusDelay
    truth = StormTruth(track: plan.track, at: statusTime - Self.epoch, statusTime: statusTime)
  }
}
