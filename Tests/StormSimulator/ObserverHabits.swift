/// How one observer measures one storm, drawn once per storm: the temperature they set and the one
/// the air really has, how they tap, and how they read and round a bearing.
package struct ObserverHabits: Equatable, Sendable {
  /// How a timed delay is taken.
  package enum Timing: String, Equatable, Sendable, CaseIterable {
    /// Counting seconds: the delay to the nearest half second.
    case counted
    /// A stopwatch (or `flash`/`thunder` keys): to the nearest tenth.
    case stopwatch

    package var step: Double {
      switch self {
      case .counted: 0.5
      case .stopwatch: 0.1
      }
    }

    /// The kind of measurement this timing makes.
    package var kind: SimulatedMeasurement.Kind {
      switch self {
      case .counted: .counted
      case .stopwatch: .stopwatch
      }
    }
  }

  /// The air temperature setting, °C, which each timed measurement records.
  package var temperatureSetting: Double
  /// The air's real temperature, °C, which sets the real speed of sound.
  package var trueTemperature: Double
  /// Seconds added to every delay: the net of being late on the flash and late on the thunder.
  package var tapBias: Double
  /// Seconds, one standard deviation of the scatter of a delay about the bias.
  package var tapSpread: Double
  package var timing: Timing
  /// Degrees, one standard deviation of a bearing before rounding.
  package var bearingError: Double
  package var bearingRounding: BearingRounding
  /// Metres beyond which thunder is not heard.
  package var audibleRange: Double

  package init(
    temperatureSetting: Double, trueTemperature: Double, tapBias: Double, tapSpread: Double, timing: Timing,
    bearingError: Double, bearingRounding: BearingRounding, audibleRange: Double
  ) {
    self.temperatureSetting = temperatureSetting
    self.trueTemperature = trueTemperature
    self.tapBias = tapBias
    self.tapSpread = tapSpread
    self.timing = timing
    self.bearingError = bearingError
    self.bearingRounding = bearingRounding
    self.audibleRange = audibleRange
  }

  /// Habits drawn from the physics: the setting 10–30 °C and the air a few degrees off it (1σ 3 °C);
  /// a net tap bias of 0–0.2 s either way and a spread of 0.1–0.4 s; bearings off by 10–15° (1σ);
  /// thunder heard out to 32–38 km. The timing and the rounding are drawn evenly unless given.
  package static func draw(
    using random: inout SimulationRandom, timing: Timing? = nil, rounding: BearingRounding? = nil
  ) -> ObserverHabits {
    let setting = random.uniform(10...30).rounded()
    return ObserverHabits(
      temperatureSetting: setting,
      trueTemperature: setting + random.normal(mean: 0, deviation: 3),
      tapBias: random.sign() * random.uniform(0...0.2),
      tapSpread: random.uniform(0.1...0.4),
      timing: timing ?? random.element(of: Timing.allCases),
      bearingError: random.uniform(10...15),
      bearingRounding: rounding ?? random.element(of: BearingRounding.allCases),
      audibleRange: random.uniform(32_000...38_000))
  }

  /// The delay this observer records for thunder from `metres` away: the travel time at the real
  /// speed of sound, plus the bias and a scatter, rounded to the timing's step (never below it).
  package func delay(forMetres metres: Double, using random: inout SimulationRandom) -> Double {
    let travel = metres / SpeedOfSoundInAir.metresPerSecond(celsius: trueTemperature)
    let tapped = travel + tapBias + random.normal(mean: 0, deviation: tapSpread)
    let step = timing.step
    return max((tapped / step).rounded() * step, step)
  }

  /// The bearing this observer records for a flash toward `degrees`: off by the error, rounded.
  package func bearing(toward degrees: Double, using random: inout SimulationRandom) -> Double {
    bearingRounding.rounded(degrees + random.normal(mean: 0, deviation: bearingError))
  }
}
