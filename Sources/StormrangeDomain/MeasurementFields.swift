import FoundationEssentials

/// One measurement as a file gives it (the history, or a file to import): its nine values, each
/// of which may be missing, before they are checked.
///
/// A timed measurement has a delay, a temperature and a speed of sound; a detector's reading has a
/// source, maybe its kind (`detector`, since 1.2), and none of the three. Both have a date and a distance, and may have a note and a bearing.
package struct MeasurementFields: Equatable, Sendable {
  /// Names the values, for the errors about one that is missing or out of place.
  package enum Key: Sendable {
    case date, delay, distance, temperature, speedOfSound, note, bearing, source, detector

    /// The column (CSV) or key (JSON) an export or import file holds the value under, the one
    /// place they are spelled: a person's messages about an imported or typed value name it so too.
    package var exchangeName: String {
      switch self {
      case .date: "date"
      case .delay: "delay_s"
      case .distance: "distance_m"
      case .temperature: "temperature_c"
      case .speedOfSound: "speed_of_sound_mps"
      case .note: "note"
      case .bearing: "bearing_deg"
      case .source: "source"
      case .detector: "detector"
      }
    }
  }

  package var date: Date?
  package var delay: Double?
  package var distance: Double?
  package var temperature: Double?
  package var speedOfSound: Double?
  package var note: String?
  /// Degrees clockwise from north.
  package var bearing: Double?
  /// The detector's name.
  package var source: String?
  /// The detector's kind, `as3935` or `generic` (``DetectorKind``); nil: the kind the source implies.
  package var detector: String?

  @inlinable package init(
    date: Date? = nil, delay: Double? = nil, distance: Double? = nil, temperature: Double? = nil,
    speedOfSound: Double? = nil, note: String? = nil, bearing: Double? = nil, source: String? = nil,
    detector: String? = nil
  ) {
    self.date = date
    self.delay = delay
    self.distance = distance
    self.temperature = temperature
    self.speedOfSound = speedOfSound
    self.note = note
    self.bearing = bearing
    self.source = source
    self.detector = detector
  }

  /// The measurement the values make, held to `rules` at `now`; throws the first rule it breaks.
  /// First what it is: a date, a source (with a kind that does not contradict it) with no timing or
  /// a delay with its temperature and speed of sound and no kind, a distance, a bearing of 0–360 degrees; then its values (``MeasurementRules/check(_:now:)``).
  // Inlinable, like the initialiser: loading calls both for every entry of the history.
  @inlinable
  package func measurement(under rules: MeasurementRules, now: Date) throws(MeasurementError) -> Measurement {
    guard let date else { throw .missing(.date) }
    let origin: MeasurementOrigin
    if let source {
      let detector = try MeasurementRules.detector(
        source, typedKind: self.detector, acceptingFolderNames: rules.acceptsFolderNamedSources)
      if delay != nil { throw .timingBesideSource(.delay) }
      if temperature != nil { throw .timingBesideSource(.temperature) }
      if speedOfSound != nil { throw .timingBesideSource(.speedOfSound) }
      origin = .detector(source: detector)
    } else {
      if self.detector != nil { throw .kindWithoutSource }
      guard let delay else { throw .missing(.delay) }
      guard let temperature else { throw .missing(.temperature) }
      guard let speedOfSound else { throw .missing(.speedOfSound) }
      origin = .timed(ThunderTiming(delay: delay, temperature: temperature, speedOfSound: speedOfSound))
    }
    guard let distance else { throw .missing(.distance) }
    var direction: Bearing?
    if let bearing {
      guard let valid = Bearing(degrees: bearing) else { throw .bearingOutOfRange(bearing) }
      direction = valid
    }
    let measurement = Measurement(
      date: date, distance: distance, origin: origin, bearing: direction, note: note)
    try rules.check(measurement, now: now)
    return measurement
  }
}
