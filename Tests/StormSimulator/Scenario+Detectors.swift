extension Scenario {
  /// Storms measured by detectors, alone or before the observer hears thunder.
  static let detectors: [Scenario] = [
    Scenario("AS3935 only", motion: .straight) { random in
      let leg = StraightLeg.draw(speedKilometresPerHour: 15...65, missMetres: 0...10_000, using: &random)
      let duration = minutes(15...30, using: &random)
      let along = leg.along(atRange: random.uniform(12_000...25_000), approaching: true)
      return .drawn(
        track: leg.track(along: along, at: duration), duration: duration, bearings: .none,
        instruments: .as3935,
        gap: 30...90, using: &random)
    },
    Scenario("AS3935 far, then ears near", motion: .straight) { random in
      let leg = StraightLeg.draw(speedKilometresPerHour: 15...65, missMetres: 0...8000, using: &random)
      let duration = minutes(20...35, using: &random)
      let along = leg.along(atRange: random.uniform(10_000...16_000), approaching: true)
      let instruments = Instruments.as3935ThenEars(metres: random.uniform(18_000...24_000))
      return .drawn(
        track: leg.track(along: along, at: duration), duration: duration, bearings: .none,
        instruments: instruments, gap: 45...120, using: &random)
    },
    straight(
      "detector, 10 %", duration: 15...30, along: -20_000...5000, bearings: .none, instruments: .detector10,
      gap: 30...90),
  ]
}
