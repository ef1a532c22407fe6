import FoundationEssentials

/// One flash-to-thunder measurement: the inputs (date, delay, temperature) and what they gave (speed
/// of sound, distance), so a later change of settings never rewrites the past.
public struct Measurement: Equatable, Sendable {
  /// Wall-clock time of the flash, in whole seconds (an XML property list stores no fractions).
  public let date: Date
  /// Seconds between flash and thunder.
  public let delay: Double
  /// Metres: `delay × speedOfSound`.
  public let distance: Double
  /// Air temperature in °C the speed of sound was computed for.
  public let temperature: Double
  /// Metres per second used for `distance`.
  public let speedOfSound: Double
  public let note: String?

  /// A new measurement: computes the speed of sound and the distance.
  public init(date: Date, delay: Double, temperature: Double, note: String? = nil) {
    let speed = SpeedOfSound.metresPerSecond(celsius: temperature)
    self.init(
      date: date, delay: delay, distance: delay * speed, temperature: temperature, speedOfSound: speed,
      note: note)
  }

  /// A measurement exactly as stored.
  public init(
    date: Date, delay: Double, distance: Double, temperature: Double, speedOfSound: Double, note: String?
  ) {
    self.date = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    self.delay = delay
    self.distance = distance
    self.temperature = temperature
    self.speedOfSound = speedOfSound
    self.note = note
  }
}
