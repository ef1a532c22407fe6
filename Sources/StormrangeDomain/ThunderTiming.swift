/// What a timed measurement was computed from: the delay between flash and thunder, the air
/// temperature, and the speed of sound for it (kept, so a later change of settings never rewrites
/// the past).
package struct ThunderTiming: Equatable, Hashable, Sendable {
  /// Seconds between flash and thunder.
  package let delay: Double
  /// Air temperature in °C the speed of sound was computed for.
  package let temperature: Double
  /// Metres per second; the distance is `delay × speedOfSound`.
  package let speedOfSound: Double

  package init(delay: Double, temperature: Double, speedOfSound: Double) {
    self.delay = delay
    self.temperature = temperature
    self.speedOfSound = speedOfSound
  }

  /// A delay timed at `temperature`: the speed of sound computed for it.
  package init(delay: Double, temperature: Double) {
    self.init(
      delay: delay, temperature: temperature, speedOfSound: SpeedOfSound.metresPerSecond(celsius: temperature)
    )
  }

  /// Metres: `delay × speedOfSound`.
  package var distance: Double { delay * speedOfSound }
}
