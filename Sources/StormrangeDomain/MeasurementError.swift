/// Why a delay or a note cannot be recorded. The values are the ones given, so the application can
/// name them in its message.
public enum MeasurementError: Error, Equatable, Sendable {
  /// Zero, negative, or not a finite number; `typed` is the text as given.
  case delayNotPositive(typed: String)
  /// Longer than ``MeasurementRules/maximumDelay``.
  case delayTooLong(typed: String)
  /// The note holds a control character (an XML property list cannot store most of them).
  case noteControlCharacter(Unicode.Scalar)
  /// The note holds U+FFFE or U+FFFF, which are not characters.
  case noteNonCharacter(Unicode.Scalar)
  /// The note is over ``MeasurementRules/maximumNoteLength`` characters.
  case noteTooLong(length: Int)
}
