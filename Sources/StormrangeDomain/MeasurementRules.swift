/// What a delay or a detector's distance, a bearing, a source and a note must be before they are
/// recorded, and when to warn.
public enum MeasurementRules {
  /// Thunder is not audible this far away (~100 km); a longer "delay" is a mistake.
  public static let maximumDelay: Double = 300
  /// The shortest delay `add` takes as typed. Less is not a thunder delay (a tenth of a second is
  /// 34 m), and shows as `0.00 s, 0.00 km`. Only typed input is held to it: loading and import
  /// accept any positive delay (``isAcceptedDelay(_:)``), so that every export imports back.
  public static let minimumTypedDelay: Double = 0.1
  /// Beyond ~75 s (~25 km) thunder is rarely heard: accepted, with a warning.
  public static let warningDelay: Double = 75
  /// Notes are short remarks; a longer line is almost certainly pasted by mistake.
  public static let maximumNoteLength = 1000
  /// The farthest distance a measurement can give: the longest delay at the fastest plausible speed
  /// of sound (about 112 km).
  public static let maximumDistance = maximumDelay * SpeedOfSound.plausibleMetresPerSecond.upperBound
  /// How far ahead of the clock a stored date may lie: clocks of the machines that share a history
  /// disagree, but not by more than this; a later date is a mistake (9999-12-31).
  public static let storedDateLead: Double = 86400

  /// Whether `add` accepts the delay: more than 0, at most ``maximumDelay`` (so finite).
  public static func isAcceptedDelay(_ delay: Double) -> Bool { delay > 0 && delay <= maximumDelay }

  /// Whether a measurement can give the distance in metres: more than 0, at most ``maximumDistance``.
  public static func isAcceptedDistance(_ distance: Double) -> Bool {
    distance > 0 && distance <= maximumDistance
  }

  /// Checks a delay in seconds; returns a warning to show, or nil.
  public static func checkDelay(_ delay: Double, as typed: String) throws(MeasurementError) -> String? {
    guard delay.isFinite, delay > 0 else { throw .delayNotPositive(typed: typed) }
    guard delay <= maximumDelay else { throw .delayTooLong(typed: typed) }
    if delay > warningDelay {
      return
        "a delay of \(delay.description) s is unusual: thunder is rarely heard beyond ~25 km"
    }
    return nil
  }

  /// Checks a delay typed with `add`: as ``checkDelay(_:as:)`` (whose warning is for recording to
  /// give), and at least ``minimumTypedDelay``.
  public static func checkTypedDelay(_ delay: Double, as typed: String) throws(MeasurementError) {
    _ = try checkDelay(delay, as: typed)
    guard delay >= minimumTypedDelay else { throw .delayTooShort(typed: typed) }
  }

  /// Checks a distance in metres reported by a detector (`typed` as given, for messages): more than
  /// 0, at most ``maximumDistance``, and for an AS3935 one of its steps.
  public static func checkDetectorDistance(_ metres: Double, source: DetectorSource?, typed: String)
    throws(MeasurementError)
  {
    guard metres.isFinite, metres > 0 else { throw .distanceNotPositive(typed: typed) }
    guard metres <= maximumDistance else { throw .distanceTooFar(typed: typed) }
    if source?.isAS3935 == true, AS3935.interval(forMetres: metres) == nil {
      throw .notAnAS3935Step(typed: typed)
    }
  }

  /// A bearing as typed (degrees 0–360 or a compass point).
  public static func bearing(_ typed: String) throws(MeasurementError) -> Bearing {
    guard let bearing = Bearing(parsing: typed) else { throw .bearingInvalid(typed: typed) }
    return bearing
  }

  /// A detector's name as typed.
  public static func source(_ typed: String) throws(MeasurementError) -> DetectorSource {
    guard let source = DetectorSource(typed) else { throw .sourceInvalid(typed: typed) }
    return source
  }

  /// Checks a note: an XML property list cannot hold control characters, and notes are one line.
  public static func checkNote(_ note: String) throws(MeasurementError) {
    if let control = note.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
      throw .noteControlCharacter(control)
    }
    if let bad = note.unicodeScalars.first(where: { $0.value == 0xFFFE || $0.value == 0xFFFF }) {
      throw .noteNonCharacter(bad)
    }
    let length = note.count
    guard length <= maximumNoteLength else { throw .noteTooLong(length: length) }
  }
}
