import StormSimulator

/// A scenario's storms scored together.
public struct ScenarioScore: Sendable {
  public let scenario: Scenario
  public private(set) var storms = 0
  public private(set) var tallies: [Metric: Tally] = [:]
  /// Metres per second, |rate − truth|, of the estimator and of ``SixRangeLine``, over the storms
  /// where both give a rate.
  public private(set) var estimatorErrors: [Double] = []
  public private(set) var lineErrors: [Double] = []

  public init(scenario: Scenario) {
    self.scenario = scenario
    for metric in Metric.allCases { tallies[metric] = Tally() }
  }

  /// The storms of `seeds`, simulated and scored.
  public init(scenario: Scenario, seeds: some Sequence<UInt64>) {
    self.init(scenario: scenario)
    for seed in seeds { add(ScoredStorm(scenario.storm(seed: seed))) }
  }

  public mutating func add(_ storm: ScoredStorm) {
    storms += 1
    for metric in Metric.allCases { tallies[metric]!.add(metric.outcome(of: storm)) }
    if let errors = storm.rateErrors {
      estimatorErrors.append(errors.estimator)
      lineErrors.append(errors.line)
    }
  }

  public subscript(metric: Metric) -> Tally { tallies[metric]! }

  /// The `fraction` quantile (nearest rank) of `values`; nil when empty.
  public static func quantile(_ values: [Double], _ fraction: Double) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let rank = (min(max(fraction, 0), 1) * Double(sorted.count - 1)).rounded()
    return sorted[Int(rank)]
  }
}
