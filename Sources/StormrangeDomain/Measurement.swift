import FoundationEssentials

/// One measurement of the distance to lightning: when the flash was, how far, found how (timed
/// thunder, or a detector's reading), from which direction when known, and a note.
package struct Measurement: Equatable, Sendable {
  /// Wall-clock time of the flash, in whole seconds (an XML property list stores no fractions).
  package let date: Date
  /// Metres to the flash.
  package let distance: Double
  /// How the distance was found.
  package let origin: MeasurementOrigin
  /// Where the flash was, when the user said.
  package let bearing: Bearing?
  package let note: String?

  /// A timed measurement: computes the speed of sound and the distance.
  package init(date: Date, delay: Double, temperature: Double, bearing: Bearing? = nil, note: String? = nil) {
    let timing = ThunderTiming(delay: delay, temperature: temperature)
    self.init(date: date, distance: timing.distance, origin: .timed(timing), bearing: bearing, note: note)
  }

  /// A timed measurement exactly as stored.
  package init(
    date: Date, delay: Double, distance: Double, temperature: Double, speedOfSound: Double, note: String?
  ) {
    self.init(
      date: date, distance: distance,
      origin: .timed(ThunderTiming(delay: delay, temperature: temperature, speedOfSound: speedOfSound)),
      bearing: nil, note: note)
  }

  /// A measurement exactly as stored.
  package init(date: Date, distance: Double, origin: MeasurementOrigin, bearing: Bearing?, note: String?) {
    self.date = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    self.distance = distance
    self.origin = origin
    self.bearing = bearing
    self.note = note
  }

  /// The timing of a timed measurement; nil for a detector's reading.
  package var timing: ThunderTiming? {
    if case .timed(let timing) = origin { timing } else { nil }
  }

  /// The detector of a detector's reading, or the network of a located group; nil for a timed
  /// measurement.
  package var source: DetectorSource? {
    switch origin {
    case .timed: nil
    case .detector(let source): source
    case .located(let fix): fix.source
    }
  }

  /// Whether this is a located group still gathering strikes at `now` (``LocatedFix/window`` from
  /// its date, and a second more, since the date is stored to the whole second below its first
  /// strike's): `ingest` or `mqtt` may still update it in place, so `delete` leaves it alone.
  package func isGathering(at now: Date) -> Bool {
    guard fix != nil else { return false }
    return now < date.addingTimeInterval(LocatedFix.window + 1)
  }

  /// What the network said of a located group; nil for any other measurement.
  package var fix: LocatedFix? {
    if case .located(let fix) = origin { fix } else { nil }
  }

  /// Seconds between flash and thunder; nil for a detector's reading.
  package var delay: Double? { timing?.delay }

  /// When the thunder was heard: the flash plus the delay. A detector's reading counts as thunder
  /// heard at its date (the storm is as close as if it had been).
  package var thunderDate: Date { date.addingTimeInterval(delay ?? 0) }
}
