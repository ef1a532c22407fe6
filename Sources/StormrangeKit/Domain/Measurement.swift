import FoundationEssentials

/// One flash-to-thunder measurement as it is stored: the inputs (date, delay, temperature) and what
/// they gave (speed of sound, distance), so a later change of settings never rewrites the past.
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
  /// Keys another tool or a later version wrote (e.g. `location`), kept so rewrites never drop them.
  public let otherKeys: [PropertyListEntry]
  /// The XML text this entry was read from or last written as; reused verbatim when the file is
  /// rewritten, so saving costs a copy rather than a re-encoding of every entry.
  var encodedXML: ArraySlice<UInt8>?

  /// A new measurement: computes the speed of sound and the distance.
  public init(date: Date, delay: Double, temperature: Double, note: String? = nil) {
    let speed = SpeedOfSound.metresPerSecond(celsius: temperature)
    self.init(
      date: date, delay: delay, distance: delay * speed, temperature: temperature,
      speedOfSound: speed, note: note, otherKeys: [])
  }

  /// A measurement exactly as stored.
  public init(
    date: Date, delay: Double, distance: Double, temperature: Double, speedOfSound: Double,
    note: String?, otherKeys: [PropertyListEntry]
  ) {
    self.date = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    self.delay = delay
    self.distance = distance
    self.temperature = temperature
    self.speedOfSound = speedOfSound
    self.note = note
    self.otherKeys = otherKeys
  }

  public static func == (lhs: Measurement, rhs: Measurement) -> Bool {
    lhs.date == rhs.date && lhs.delay == rhs.delay && lhs.distance == rhs.distance
      && lhs.temperature == rhs.temperature && lhs.speedOfSound == rhs.speedOfSound
      && lhs.note == rhs.note && lhs.otherKeys == rhs.otherKeys
  }
}
