import FoundationEssentials
import StormrangeBase

extension MeasurementRules {
  /// Checks a whole measurement: the delay, temperature and speed of sound of a timed one, the
  /// distance, the date (as stored, in whole seconds) against `now`, and the note, in that order.
  /// The bearing and the source were checked when they were made (``Bearing``, ``DetectorSource``).
  package func check(_ measurement: Measurement, now: Date) throws(MeasurementError) {
    let distance = measurement.distance
    switch measurement.origin {
    case .timed(let timing):
      _ = try checkDelay(timing.delay, as: timing.delay.description)
      try checkTemperature(timing.temperature)
      try checkSpeedOfSound(timing.speedOfSound)
      try checkDistance(distance, of: timing)
    case .detector(let source):
      try checkDetectorDistance(distance, source: source, typed: "\(distance.description) m")
    case .located:
      // A strike at the observer's own position is at 0: unlike a detector's reading, accepted.
      guard Self.locatedRange(.distance).contains(distance) else {
        throw .locatedValueOutOfRange(.distance, distance)
      }
    }
    try checkDate(measurement.date, now: now)
    if let note = measurement.note { try checkNote(note) }
  }

  /// The values a located group's `key` may take: a distance (its own or its nearest strike's)
  /// of 0 to ``maximumDistance`` (0 is a strike where the observer stands), a position on the
  /// ellipsoid (``GeoPosition``), 1 to a million strikes, a spread of 0 to ``maximumDistance``.
  package static func locatedRange(_ key: MeasurementFields.Key) -> ClosedRange<Double> {
    switch key {
    case .latitude: GeoPosition.latitudes
    case .longitude: GeoPosition.longitudes
    case .strikes: 1...1_000_000
    default: 0...maximumDistance
    }
  }

  /// Checks a delay in seconds (`typed` as given, for messages; a number's description when it
  /// came as a number): more than 0 (so finite), at most ``maximumDelay``, at least
  /// ``minimumDelay``. Returns a warning to show beyond ``warningDelay``, or nil.
  package func checkDelay(_ delay: Double, as typed: @autoclosure () -> String) throws(MeasurementError)
    -> String?
  {
    guard delay.isFinite, delay > 0 else { throw .delayNotPositive(typed: typed()) }
    guard delay <= Self.maximumDelay else { throw .delayTooLong(typed: typed()) }
    if let minimumDelay, delay < minimumDelay { throw .delayTooShort(typed: typed()) }
    guard delay > Self.warningDelay else { return nil }
    return "a delay of \(delay.description) s is unusual: \(Self.thunderRangeText)"
  }

  /// Checks an air temperature in °C a delay was timed at.
  func checkTemperature(_ celsius: Double) throws(MeasurementError) {
    guard SpeedOfSound.plausibleCelsius.contains(celsius) else { throw .temperatureImplausible(celsius) }
  }

  /// Checks a speed of sound in m/s a delay was turned into a distance with.
  func checkSpeedOfSound(_ metresPerSecond: Double) throws(MeasurementError) {
    guard SpeedOfSound.plausibleMetresPerSecond.contains(metresPerSecond) else {
      throw .speedOfSoundImplausible(metresPerSecond)
    }
  }

  /// Checks a timed measurement's distance in metres as given: against `timing` within
  /// ``distanceTolerance`` (when the rule set has one), then more than 0 and at most
  /// ``maximumDistance``.
  func checkDistance(_ distance: Double, of timing: ThunderTiming) throws(MeasurementError) {
    if let distanceTolerance {
      let expected = timing.distance
      guard abs(distance - expected) <= max(distanceTolerance.metres, expected * distanceTolerance.fraction)
      else { throw .distanceMismatch(distance, expected: expected) }
    }
    guard distance > 0, distance <= Self.maximumDistance else { throw .timedDistanceOutOfRange(distance) }
  }

  /// Checks a distance in metres reported by a detector (`typed` as given, for messages): more than
  /// 0, at most ``maximumDistance``, and for a source of the kind ``DetectorKind/as3935`` one of its
  /// steps.
  func checkDetectorDistance(
    _ metres: Double, source: DetectorSource?, typed: @autoclosure () -> String
  ) throws(MeasurementError) {
    // Infinity is a finite number times a unit that overflowed (`1e306 km`): too far, not negative.
    guard !metres.isNaN, metres > 0 else { throw .distanceNotPositive(typed: typed()) }
    guard metres <= Self.maximumDistance else {
      throw .distanceTooFar(typed: typed(), limit: Self.maximumDistance, unit: .metres)
    }
    if source?.kind == .as3935, AS3935.interval(forMetres: metres) == nil {
      throw .notAnAS3935Step(typed: typed())
    }
  }

  /// Checks a detector's distance as typed, `amount` in `unit`: more than 0, at most `limit` in that
  /// unit (``maximumTypedDistance`` as the unit is shown, compared as typed, so that what the
  /// message states is what is compared), then as ``checkDetectorDistance(_:source:typed:)``.
  /// Returns the distance in metres.
  package func checkDetectorReading(
    _ amount: Double, in unit: DistanceUnit, atMost limit: Double, source: DetectorSource?, typed: String
  ) throws(MeasurementError) -> Double {
    guard !amount.isNaN, amount > 0 else { throw .distanceNotPositive(typed: typed) }
    guard amount <= limit else { throw .distanceTooFar(typed: typed, limit: limit, unit: unit) }
    let metres = amount * unit.metresPerUnit
    try checkDetectorDistance(metres, source: source, typed: typed)
    return metres
  }

  /// Checks the date of a flash (`typed` as given, when typed): in the years 0001–9999, and no
  /// more than ``dateLead`` ahead of `now`.
  package func checkDate(_ date: Date, now: Date, typed: String? = nil) throws(MeasurementError) {
    guard UTCTime.isRepresentable(date) else { throw .dateOutOfRange(date, typed: typed) }
    if let dateLead, date.timeIntervalSince(now) > dateLead { throw .dateAhead(date, typed: typed) }
  }

  /// A bearing as typed (degrees 0–360 or a compass point).
  package static func bearing(_ typed: String) throws(MeasurementError) -> Bearing {
    guard let bearing = Bearing(parsing: typed) else { throw .bearingInvalid(typed: typed) }
    return bearing
  }

  /// A detector's name as typed.
  package static func source(_ typed: String) throws(MeasurementError) -> DetectorSource {
    try detector(typed, kind: nil as DetectorKind?)
  }

  /// A detector named `name` of the kind `typedKind` names (`as3935`, `generic`, in any case), or of the
  /// kind its name implies when nil. The source `as3935` is an AS3935 (as it was before kinds were
  /// stored), so calling it `generic` is refused rather than guessed at.
  package static func detector(_ name: String, typedKind kind: String?, acceptingFolderNames: Bool = false)
    throws(MeasurementError) -> DetectorSource
  {
    var given: DetectorKind?
    if let kind {
      guard let parsed = DetectorKind(word: kind) else { throw .kindInvalid(typed: kind) }
      given = parsed
    }
    return try detector(name, kind: given, acceptingFolderNames: acceptingFolderNames)
  }

  /// ``detector(_:typedKind:acceptingFolderNames:)`` for a kind already known. A new source is never
  /// `.` or `..` (``DetectorSource/folderNames``); `acceptingFolderNames` lets a stored one load.
  package static func detector(_ name: String, kind: DetectorKind?, acceptingFolderNames: Bool = false)
    throws(MeasurementError) -> DetectorSource
  {
    guard let source = DetectorSource(name, kind: kind),
      acceptingFolderNames || !DetectorSource.folderNames.contains(name)
    else { throw .sourceInvalid(typed: name) }
    if let kind, kind != DetectorKind.implied(bySource: name), DetectorKind.implied(bySource: name) == .as3935
    {
      throw .kindContradictsSource(source: name, kind: kind)
    }
    return source
  }
}
