/// What a timed measurement was computed from: the delay between flash and thunder, the air
/// temperature, and the speed of sound for it (kept, so a later change of settings never rewrites
/// the past).
public struct ThunderTiming: Equatable, Hashable, Sendable {
  /// Seconds between flash and thunder.
  public let delay: Double
  /// Air temperature in °C the speed of sound was computed for.
  public let temperature: Double
  /// Metres per second; the distance is `delay × speedOfSound`.
  public let speedOfSound: Double

  public init(delay: Double, temperature: Double, speedOfSound: Double) {
    self.delay = delay
    self.temperature = temperature
    self.speedOfSound = speedOfSound
  }

  /// A delay timed at `temperature`: the speed of sound computed for it.
  public init(delay: Double, temperature: Double) {
    self.init(
      delay: delay, temperature: temperature, speedOfSound: SpeedOfSound.metresPerSecond(celsius: temperature)
    )
  }

  /// Metres: `delay × speedOfSound`.
  public var distance: Double { delay * speedOfSound }
}
