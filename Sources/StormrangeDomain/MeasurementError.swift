import FoundationEssentials

/// Why a measurement cannot be recorded or loaded: the rule of ``MeasurementRules`` or
/// ``MeasurementFields`` it breaks. The values are the ones given (`typed`: as typed, or a number's
/// description when it came as a number), so each path can name them in its own words.
package enum MeasurementError: Error, Equatable, Sendable {
  /// A value a measurement of its kind needs is not there.
  case missing(MeasurementFields.Key)
  /// A detector's reading (it has a source) has a delay, temperature or speed of sound.
  case timingBesideSource(MeasurementFields.Key)
  /// Zero, negative, or not a finite number.
  case delayNotPositive(typed: String)
  /// Shorter than the rule set's ``MeasurementRules/minimumDelay``.
  case delayTooShort(typed: String)
  /// Longer than ``MeasurementRules/maximumDelay``.
  case delayTooLong(typed: String)
  /// Outside ``SpeedOfSound/plausibleCelsius``.
  case temperatureImplausible(Double)
  /// Outside ``SpeedOfSound/plausibleMetresPerSecond``.
  case speedOfSoundImplausible(Double)
  /// A flash at `flash` whose thunder, `delay` seconds later, is more than
  /// ``MeasurementRules/clockTolerance`` after `now`: it has not been heard yet.
  case thunderAhead(flash: Date, delay: Double, now: Date)
  /// A detector's distance that is zero, negative or not finite; `typed` is the text as given.
  case distanceNotPositive(typed: String)
  /// A detector's distance beyond `limit`, in `unit`: ``MeasurementRules/maximumDistance`` in
  /// metres, or as typed, the limit in the unit typed (``MeasurementRules/maximumTypedDistance``).
  case distanceTooFar(typed: String, limit: Double, unit: DistanceUnit)
  /// An AS3935 reading that is not one of the chip's steps (``AS3935``).
  case notAnAS3935Step(typed: String)
  /// A timed measurement's distance as given, not more than 0 and at most
  /// ``MeasurementRules/maximumDistance``.
  case timedDistanceOutOfRange(Double)
  /// A timed measurement's distance as given, too far from delay × speed of sound (`expected`).
  case distanceMismatch(Double, expected: Double)
  /// A bearing that is neither 0–360 degrees nor a compass point.
  case bearingInvalid(typed: String)
  /// A bearing in degrees outside 0–360.
  case bearingOutOfRange(Double)
  /// A detector name that breaks ``DetectorSource``'s rule.
  case sourceInvalid(typed: String)
  /// A detector's kind that is neither `as3935` nor `generic` (``DetectorKind``).
  case kindInvalid(typed: String)
  /// A kind given beside a source whose name says otherwise: `source as3935 detector generic`.
  case kindContradictsSource(source: String, kind: DetectorKind)
  /// A kind without a source: only a detector's reading has one.
  case kindWithoutSource
  /// A value only a located group has (``MeasurementFields/Key/locatedKeys``), on a measurement
  /// whose `detector` is not `located`.
  case locatedValueWithoutKind(MeasurementFields.Key)
  /// A located group's value (its distance, or one of ``MeasurementFields/Key/locatedKeys``)
  /// outside ``MeasurementRules/locatedRange(_:)``, or a count of strikes that is not whole.
  case locatedValueOutOfRange(MeasurementFields.Key, Double)
  /// A date outside the years 0001–9999; `typed` as typed, when it was.
  case dateOutOfRange(Date, typed: String?)
  /// A date more than the rule set's ``MeasurementRules/dateLead`` ahead of the clock.
  case dateAhead(Date, typed: String?)
  /// A typed note holds a control character.
  case noteControlCharacter(Unicode.Scalar)
  /// A typed note holds U+FFFE or U+FFFF, which are not characters.
  case noteNonCharacter(Unicode.Scalar)
  /// A typed note is over ``MeasurementRules/maximumNoteLength`` characters.
  case noteTooLong(length: Int)
  /// A note holds a character the history file cannot store (``MeasurementRules/Notes/storable``).
  case noteUnstorable(Unicode.Scalar)
}
