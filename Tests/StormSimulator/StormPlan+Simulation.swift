extension StormPlan {
  /// How many gaps past ``duration`` the observer records at most while waiting for enough
  /// measurements.
  static let extraGaps = 120

  /// The storm this plan gives: a flash every gap from time 0 to ``duration``, each measured or not,
  /// and then more until there are ``minimumCount`` measurements and
  /// ``measurementsAfterChange`` after ``changeEnd``.
  package func simulate(scenario: String, seed: UInt64, using random: inout SimulationRandom) -> SimulatedStorm
  {
    var measurements: [SimulatedMeasurement] = []
    var time = 0.0
    var extra = 0
    while time <= duration || (!isEnough(measurements) && extra < Self.extraGaps) {
      if time > duration { extra += 1 }
      let flash = flash(at: time, using: &random)
      if let measurement = measurement(of: flash, at: time, using: &random) {
        measurements.append(measurement)
      }
      time += random.uniform(gap).rounded()
    }
    return SimulatedStorm(scenario: scenario, seed: seed, plan: self, measurements: measurements)
  }

  private func isEnough(_ measurements: [SimulatedMeasurement]) -> Bool {
    guard measurements.count >= minimumCount else { return false }
    guard let changeEnd else { return true }
    let after = measurements.count { $0.time > SimulatedStorm.epoch + changeEnd }
    return after >= Self.measurementsAfterChange
  }
}
