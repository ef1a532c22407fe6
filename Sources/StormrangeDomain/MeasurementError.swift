import FoundationEssentials

/// Why a measurement (its delay or distance, bearing, source or note) cannot be recorded. The values are the ones given, so the application can
/// name them in its message.
public enum MeasurementError: Error, Equatable, Sendable {
  /// Zero, negative, or not a finite number; `typed` is the text as given.
  case delayNotPositive(typed: String)
  /// Typed, and shorter than ``MeasurementRules/minimumTypedDelay``.
  case delayTooShort(typed: String)
  /// Longer than ``MeasurementRules/maximumDelay``.
  case delayTooLong(typed: String)
  /// A flash at `flash` whose thunder, `delay` seconds later, is more than
  /// ``MeasurementRules/clockTolerance`` after `now`: it has not been heard yet.
  case thunderAhead(flash: Date, delay: Double, now: Date)
  /// A detector's distance that is zero, negative or not finite; `typed` is the text as given.
  case distanceNotPositive(typed: String)
  /// A detector's distance beyond ``MeasurementRules/maximumDistance``.
  case distanceTooFar(typed: String)
  /// An AS3935 reading that is not one of the chip's steps (``AS3935``); `typed` is as given.
  case notAnAS3935Step(typed: String)
  /// A bearing that is neither 0–360 degrees nor a compass point.
  case bearingInvalid(typed: String)
  /// A detector name that breaks ``DetectorSource``'s rule.
  case sourceInvalid(typed: String)
  /// The note holds a control character (an XML property list cannot store most of them).
  case noteControlCharacter(Unicode.Scalar)
  /// The note holds U+FFFE or U+FFFF, which are not characters.
  case noteNonCharacter(Unicode.Scalar)
  /// The note is over ``MeasurementRules/maximumNoteLength`` characters.
  case noteTooLong(length: Int)
}
