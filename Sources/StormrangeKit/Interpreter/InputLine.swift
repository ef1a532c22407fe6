/// A line of input and the moment it arrived; `flash`/`thunder` are timed between arrivals, not
/// between the moments they are processed.
public struct InputLine: Sendable {
  public var text: String
  public var arrival: Moment
  /// False when the bytes were not valid UTF-8 (`text` then holds U+FFFD in their place). Such a line
  /// is refused rather than run: a note must be stored as it was typed, not with replacements.
  public var isValidUTF8: Bool

  public init(_ text: String, arrival: Moment, isValidUTF8: Bool = true) {
    self.text = text
    self.arrival = arrival
    self.isValidUTF8 = isValidUTF8
  }
}
