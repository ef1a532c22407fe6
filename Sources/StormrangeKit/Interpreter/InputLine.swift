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
  /// For a one-shot command, where each of the arguments the shell passed starts in `text`, as UTF-8
  /// offsets; nil for a line read from input (the prompt, a batch).
  public var argumentOffsets: [Int]?

  public init(_ text: String, arrival: Moment, isValidUTF8: Bool = true, isTooLong: Bool = false) {
    self.text = text
    self.arrival = arrival
    self.isValidUTF8 = isValidUTF8
    self.isTooLong = isTooLong
  }

  /// `stormrange export csv "out  "`: the command's arguments as the shell passed them, joined by one
  /// space into a line run by the rules of a batch line, except that a PATH keeps the arguments'
  /// bytes exactly (see ``CommandArguments/path(from:)``) and a carriage return at the end is not a
  /// line end.
  public init(arguments: [[UInt8]], arrival: Moment) {
    let bytes = Array(arguments.joined(separator: [UInt8(ascii: " ")]))
    let text = String(validating: bytes, as: UTF8.self)
    self.init(text ?? String(decoding: bytes, as: UTF8.self), arrival: arrival, isValidUTF8: text != nil)
    var offset = 0
    argumentOffsets = arguments.map { argument in
      defer { offset += argument.count + 1 }
      return offset
    }
  }
}
