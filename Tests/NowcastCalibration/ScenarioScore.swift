import StormSimulator

/// A scenario's storms scored together.
package struct ScenarioScore: Sendable {
  package let scenario: Scenario
  package private(set) var storms = 0
  package private(set) var tallies: [Metric: Tally] = [:]
  /// Metres per second, |rate − truth|, of the estimator and of ``SixRangeLine``, over the storms
  /// where both give a rate.
  package private(set) var estimatorErrors: [Double] = []
  package private(set) var lineErrors: [Double] = []

  package init(scenario: Scenario) {
    self.scenario = scenario
    for metric in Metric.allCases { tallies[metric] = Tally() }
  }

  /// The storms of `seeds`, simulated and scored.
  package init(scenario: Scenario, seeds: some Sequence<UInt64>) {
    self.init(scenario: scenario)
    for seed in seeds { add(ScoredStorm(scenario.storm(seed: seed))) }
  }

  package mutating func add(_ storm: ScoredStorm) {
    storms += 1
    for metric in Metric.allCases { tallies[metric]!.add(metric.outcome(of: storm)) }
    if let errors = storm.rateErrors {
      estimatorErrors.append(errors.estimator)
      lineErrors.append(errors.line)
    }
  }

  package subscript(metric: Metric) -> Tally { tallies[metric]! }

  /// The `fraction` quantile (nearest rank) of `values`; nil when empty.
  package static func quantile(_ values: [Double], _ fraction: Double) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let rank = (min(max(fraction, 0), 1) * Double(sorted.count - 1)).rounded()
    return sorted[Int(rank)]
  }
}
