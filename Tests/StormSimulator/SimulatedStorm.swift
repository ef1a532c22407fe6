/// One simulated storm: what the observer recorded, when the status is asked for, and the truth
/// then.
public struct SimulatedStorm: Equatable, Sendable {
  /// Seconds since 1970 of the storm's first flash (2025-06-15 15:06:40 UTC).
  public static let epoch = 1_750_000_000.0
  /// Seconds from the last measurement to the status.
  public static let statusDelay = 60.0

  public let scenario: String
  public let seed: UInt64
  public let plan: StormPlan
  /// By time, oldest first.
  public let measurements: [SimulatedMeasurement]
  /// Seconds since 1970: a minute after the last measurement.
  public let statusTime: Double
  public let truth: StormTruth

  public init(scenario: String, seed: UInt64, plan: StormPlan, measurements: [SimulatedMeasurement]) {
    self.scenario = scenario
    self.seed = seed
    self.plan = plan
    self.measurements = measurements
    statusTime = (measurements.last?.time ?? Self.epoch + plan.duration) + Self.statusDelay
    truth = StormTruth(track: plan.track, at: statusTime - Self.epoch, statusTime: statusTime)
  }
}
