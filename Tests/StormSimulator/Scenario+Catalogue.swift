extension Scenario {
  /// Every scenario the calibration scores, in the order of its table.
  package static let all: [Scenario] = straightTracks + changingTracks + detectors

  /// The scenario called `name`, if any.
  package static func named(_ name: String) -> Scenario? { all.first { $0.name == name } }

  /// Seconds in `minutes` drawn evenly.
  static func minutes(_ minutes: ClosedRange<Double>, using random: inout SimulationRandom) -> Double {
    (random.uniform(minutes) * 60).rounded()
  }

  /// A storm on a straight track coming at the observer (passing 0–3 km away), heard until it is
  /// 11–20 km away after 12–25 minutes.
  static func headOn(_ name: String, bearings: StormPlan.Bearings) -> Scenario {
    Scenario(name, motion: .straight) { random in
      let leg = StraightLeg.draw(speedKilometresPerHour: 15...65, missMetres: 0...3000, using: &random)
      let duration = minutes(12...25, using: &random)
      let along = leg.along(atRange: random.uniform(11_000...20_000), approaching: true)
      return .drawn(
        track: leg.track(along: along, at: duration), duration: duration, bearings: bearings, using: &random)
    }
  }

  /// A storm passing 5–12 km away, without bearings, `along` metres past its closest point at the end
  /// (given its speed in m/s).
  static func passingRangesOnly(
    _ name: String, speedKilometresPerHour: ClosedRange<Double>, duration: ClosedRange<Double>,
    along: @escaping @Sendable (Double, inout SimulationRandom) -> Double
  ) -> Scenario {
    Scenario(name, motion: .straight, defeatsRangeLine: true) { random in
      let leg = StraightLeg.draw(
        speedKilometresPerHour: speedKilometresPerHour, missMetres: 5000...12_000, using: &random)
      let seconds = minutes(duration, using: &random)
      let track = leg.track(along: along(leg.speed, &random), at: seconds)
      return .drawn(track: track, duration: seconds, bearings: .none, using: &random)
    }
  }

  /// A storm on a straight track passing 0–12 km away, ending `along` metres from its closest point.
  static func straight(
    _ name: String, motion: Motion = .straight, speedKilometresPerHour: ClosedRange<Double> = 15...65,
    duration: ClosedRange<Double>, along: ClosedRange<Double>, bearings: StormPlan.Bearings,
    instruments: Instruments = .ears, gap: ClosedRange<Double>? = nil, multicell: Bool = false
  ) -> Scenario {
    Scenario(name, motion: motion) { random in
      let leg = StraightLeg.draw(
        speedKilometresPerHour: speedKilometresPerHour, missMetres: 0...12_000, using: &random)
      let seconds = minutes(duration, using: &random)
      let track = leg.track(along: random.uniform(along), at: seconds)
      let cells = multicell ? StormPlan.drawnCells(using: &random) : []
      return .drawn(
        track: track, duration: seconds, bearings: bearings, instruments: instruments, gap: gap,
        cellOffsets: cells, using: &random)
    }
  }

  static let straightTracks: [Scenario] = [
    headOn("head-on, compass points", bearings: .rounded(.compassPoints)),
    headOn("head-on, degrees", bearings: .rounded(.fiveDegrees)),
    headOn("head-on, ranges only", bearings: .none),
    Scenario("passing 5-12 km, bearings", motion: .straight, defeatsRangeLine: true) { random in
      let leg = StraightLeg.draw(speedKilometresPerHour: 15...65, missMetres: 5000...12_000, using: &random)
      let duration = minutes(15...30, using: &random)
      let track = leg.track(along: random.uniform(-15_000...10_000), at: duration)
      return .drawn(track: track, duration: duration, bearings: .drawn, using: &random)
    },
    passingRangesOnly("passing fast, ranges only", speedKilometresPerHour: 50...80, duration: 12...20) {
      _, random in random.uniform(-15_000...15_000)
    },
    passingRangesOnly(
      "passing, near closest, ranges only", speedKilometresPerHour: 15...65, duration: 15...25
    ) {
      speed, random in speed * minutes(-5...5, using: &random)
    },
    passingRangesOnly("passing, well after, ranges only", speedKilometresPerHour: 15...65, duration: 20...35)
    {
      speed, random in min(speed * minutes(10...25, using: &random), 28_000)
    },
    Scenario("receding", motion: .straight) { random in
      let leg = StraightLeg.draw(speedKilometresPerHour: 15...65, missMetres: 0...8000, using: &random)
      let duration = minutes(12...25, using: &random)
      let along = min(random.uniform(0...5000) + leg.speed * duration, 28_000)
      return .drawn(
        track: leg.track(along: along, at: duration), duration: duration, bearings: .drawn, using: &random)
    },
    straight(
      "multicell, bearings", duration: 15...30, along: -15_000...5000, bearings: .drawn, multicell: true),
    straight(
      "multicell, ranges only", duration: 15...30, along: -15_000...5000, bearings: .none, multicell: true),
    straight(
      "sparse, every 5 min", speedKilometresPerHour: 15...50, duration: 25...40, along: -15_000...5000,
      bearings: .drawn, gap: 240...360),
    straight(
      "short, 6 min every 20 s", motion: .short, duration: 6...6, along: -20_000...5000, bearings: .drawn,
      gap: 15...25),
    straight(
      "slow, 10-18 km/h", speedKilometresPerHour: 10...18, duration: 20...30, along: -12_000...5000,
      bearings: .drawn),
    Scenario("at rest", motion: .straight, endsAtRest: true) { random in
      let origin = PlaneVector(length: random.uniform(8000...30_000), bearing: random.uniform(0...360))
      let duration = minutes(15...30, using: &random)
      let track = StormTrack(origin: origin, speed: 0, heading: 0)
      return .drawn(track: track, duration: duration, bearings: .drawn, using: &random)
    },
  ]
}
