import FoundationEssentials
import StormrangeBase

/// One measurement as a file gives it (the history, or a file to import): its fourteen values,
/// each of which may be missing, before they are checked.
///
/// A timed measurement has a delay, a temperature and a speed of sound; a detector's reading has a
/// source, maybe its kind (`detector`, since 1.2), and none of the three. Both have a date and a distance, and may have a note and a bearing.
/// A located group (since 1.3) is a detector's reading of the kind `located` that also has the
/// five ``Key/locatedKeys`` (``LocatedFix``), which no other measurement has.
package struct MeasurementFields: Equatable, Sendable {
  /// Names the values, for the errors about one that is missing or out of place.
  package enum Key: Sendable {
    case date, delay, distance, temperature, speedOfSound, note, bearing, source, detector
    case latitude, longitude, nearest, strikes, spread

    /// The values only a located group has, in the order its ``LocatedFix`` is checked.
    package static let locatedKeys: [Key] = [.latitude, .longitude, .nearest, .strikes, .spread]

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
      case .latitude: "latitude_deg"
      case .longitude: "longitude_deg"
      case .nearest: "nearest_m"
      case .strikes: "strikes"
      case .spread: "spread_m"
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
  /// A located group's mean position, degrees north and east.
  package var latitude: Double?
  package var longitude: Double?
  /// A located group's nearest strike, metres from the observer.
  package var nearest: Double?
  /// A located group's count of strikes.
  package var strikes: Double?
  /// A located group's spread, metres.
  package var spread: Double?

  @inlinable package init(
    date: Date? = nil, delay: Double? = nil, distance: Double? = nil, temperature: Double? = nil,
    speedOfSound: Double? = nil, note: String? = nil, bearing: Double? = nil, source: String? = nil,
    detector: String? = nil, latitude: Double? = nil, longitude: Double? = nil, nearest: Double? = nil,
    strikes: Double? = nil, spread: Double? = nil
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
    self.latitude = latitude
    self.longitude = longitude
    self.nearest = nearest
    self.strikes = strikes
    self.spread = spread
  }

  /// The value of one of the ``Key/locatedKeys``.
  @inlinable package func locatedValue(_ key: Key) -> Double? {
    switch key {
    case .latitude: latitude
    case .longitude: longitude
    case .nearest: nearest
    case .strikes: strikes
    case .spread: spread
    default: nil
    }
  }

  /// Sets one of the ``Key/locatedKeys``' values.
  package mutating func setLocatedValue(_ key: Key, _ value: Double?) {
    switch key {
    case .latitude: latitude = value
    case .longitude: longitude = value
    case .nearest: nearest = value
    case .strikes: strikes = value
    case .spread: spread = value
    default: preconditionFailure("\(key) is not a located group's value")
    }
  }

  /// Whether `detector` names the kind ``DetectorKind/located`` (in any ASCII case, as other kinds).
  @inlinable package var isLocated: Bool {
    detector?.isWord(DetectorKind.located.rawValue) == true
  }

  /// The measurement the values make, held to `rules` at `now`; throws the first rule it breaks.
  /// First what it is: a date, a source (with a kind that does not contradict it) with no timing or
  /// a delay with its temperature and speed of sound and no kind, a distance, a bearing of 0–360 degrees; then its values (``MeasurementRules/check(_:now:)``).
  // Inlinable, like the initialiser: loading calls both for every entry of the history.
  @inlinable
  package func measurement(under rules: MeasurementRules, now: Date) throws(MeasurementError) -> Measurement {
    guard let date else { throw .missing(.date) }
    let origin = try origin(under: rules)
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

  /// How the distance was found: a located group, a detector's reading, or a timed measurement,
  /// by the values there are.
  @inlinable
  package func origin(under rules: MeasurementRules) throws(MeasurementError) -> MeasurementOrigin {
    if isLocated { return try locatedOrigin(under: rules) }
    if let key = Key.locatedKeys.first(where: { locatedValue($0) != nil }) {
      throw .locatedValueWithoutKind(key)
    }
    if let source {
      let detector = try MeasurementRules.detector(
        source, typedKind: self.detector, acceptingFolderNames: rules.acceptsFolderNamedSources)
      if delay != nil { throw .timingBesideSource(.delay) }
      if temperature != nil { throw .timingBesideSource(.temperature) }
      if speedOfSound != nil { throw .timingBesideSource(.speedOfSound) }
      return .detector(source: detector)
    }
    if self.detector != nil { throw .kindWithoutSource }
    guard let delay else { throw .missing(.delay) }
    guard let temperature else { throw .missing(.temperature) }
    guard let speedOfSound else { throw .missing(.speedOfSound) }
    return .timed(ThunderTiming(delay: delay, temperature: temperature, speedOfSound: speedOfSound))
  }

  /// A located group's origin: a source, no timing, and all five ``Key/locatedKeys`` in range.
  @inlinable
  package func locatedOrigin(under rules: MeasurementRules) throws(MeasurementError) -> MeasurementOrigin {
    guard let source else { throw .kindWithoutSource }
    // The one rule for a source and its kind: `as3935` names a chip, never a network.
    let network = try MeasurementRules.detector(
      source, kind: .located, acceptingFolderNames: rules.acceptsFolderNamedSources)
    if delay != nil { throw .timingBesideSource(.delay) }
    if temperature != nil { throw .timingBesideSource(.temperature) }
    if speedOfSound != nil { throw .timingBesideSource(.speedOfSound) }
    for key in Key.locatedKeys {
      guard let value = locatedValue(key) else { throw .missing(key) }
      guard MeasurementRules.locatedRange(key).contains(value), key != .strikes || value == value.rounded()
      else { throw .locatedValueOutOfRange(key, value) }
    }
    // Both in range, checked above.
    let position = GeoPosition(latitude: latitude!, longitude: longitude!)!
    return .located(
      LocatedFix(source: network, position: position, nearest: nearest!, strikes: Int(strikes!), spread: spread!))
  }
}
