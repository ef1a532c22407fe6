/// A line of input and the moment it arrived; `flash`/`thunder` are timed between arrivals, not
/// between the moments they are processed.
public struct InputLine: Sendable {
  /// The longest line of standard input, in bytes without its newline: 4 MiB. No command needs a
  /// line near that long (a note holds at most 1000 characters), and holding one costs little memory.
  public static let maximumLength = 4 << 20

  public var text: String
  public var arrival: Moment
  /// False when the bytes were not valid UTF-8 (`text` then holds U+FFFD in their place). Such a line
  /// is refused rather than run: a note must be stored as it was typed, not with replacements.
  public var isValidUTF8: Bool
  /// The line was longer than ``maximumLength``: its bytes were dropped as they were read (`text` is
  /// empty), and it is refused.
  public var isTooLong: Bool

  public init(_ text: String, arrival: Moment, isValidUTF8: Bool = true, isTooLong: Bool = false) {
    self.text = text
    self.arrival = arrival
    self.isValidUTF8 = isValidUTF8
    self.isTooLong = isTooLong
  }
}
