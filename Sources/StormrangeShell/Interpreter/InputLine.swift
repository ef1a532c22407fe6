/// A line of input and the moment it arrived; `flash`/`thunder` are timed between arrivals, not
/// between the moments they are processed. A line that was already waiting when it was read is
/// known to have arrived only within a window (``arrivedAfter`` to ``arrival``).
package struct InputLine: Sendable {
  /// The longest line of standard input, in bytes without its newline: 4 MiB. No command needs a
  /// line near that long (a note holds at most 1000 characters), and holding one costs little memory.
  package static let maximumLength = 4 << 20

  package var text: String
  /// When the line arrived, or at the latest (see ``arrivedAfter``).
  package var arrival: Moment
  /// The earliest moment the line may have arrived. A line that came while stormrange waited for
  /// input arrived at ``arrival`` (and this is the same moment); one that was already waiting when
  /// stormrange came back to read (it was busy with the lines before) is known only to have come
  /// since it last saw the input empty.
  package var arrivedAfter: Moment
  /// False when the bytes were not valid UTF-8 (`text` then holds U+FFFD in their place). Such a line
  /// is refused rather than run: a note must be stored as it was typed, not with replacements.
  package var isValidUTF8: Bool
  /// The line was longer than ``maximumLength``: its bytes were dropped as they were read (`text` is
  /// empty), and it is refused.
  package var isTooLong: Bool
  /// For a one-shot command, where each of the arguments the shell passed starts in `text`, as UTF-8
  /// offsets; nil for a line read from input (the prompt, a batch).
  var argumentOffsets: [Int]?
  /// For a one-shot command whose arguments are not all UTF-8: their bytes, joined by one space
  /// (`text` has U+FFFD in place of each sequence that is not UTF-8, and `isValidUTF8` is false), so
  /// that a PATH can keep them; nil otherwise.
  var argumentBytes: [UInt8]?
  /// With ``argumentBytes``, where each argument starts in them: so that a value of its own (`mqtt
  /// --cafile PATH`) keeps its bytes too.
  var argumentByteOffsets: [Int]?

  /// How long the window the line arrived in is, in seconds: 0 for one that came while stormrange
  /// waited for it.
  var arrivalUncertainty: Double { arrival.monotonic - arrivedAfter.monotonic }

  package init(
    _ text: String, arrival: Moment, arrivedAfter: Moment? = nil, isValidUTF8: Bool = true,
    isTooLong: Bool = false
  ) {
    self.text = text
    self.arrival = arrival
    self.arrivedAfter = arrivedAfter ?? arrival
    self.isValidUTF8 = isValidUTF8
    self.isTooLong = isTooLong
  }

  /// `stormrange export csv "out  "`: the command's arguments as the shell passed them, joined by one
  /// space into a line run by the rules of a batch line, except that a PATH keeps the arguments'
  /// bytes exactly, even bytes that are not UTF-8 (see ``CommandArguments/path(from:)``), and a
  /// carriage return at the end is not a line end.
  package init(arguments: [[UInt8]], arrival: Moment) {
    let bytes = Array(arguments.joined(separator: [UInt8(ascii: " ")]))
    let text = String(validating: bytes, as: UTF8.self)
    self.init(text ?? String(decoding: bytes, as: UTF8.self), arrival: arrival, isValidUTF8: text != nil)
    if text == nil {
      argumentBytes = bytes
      var start = 0
      argumentByteOffsets = arguments.map { argument in
        defer { start += argument.count + 1 }
        return start
      }
    }
    // Offsets in `text`: a bad sequence there is U+FFFD's three bytes. Decoding stops a bad sequence
    // at the space between two arguments, so each argument decodes as it does in the whole line.
    var offset = 0
    argumentOffsets = arguments.map { argument in
      defer {
        offset += (text == nil ? String(decoding: argument, as: UTF8.self).utf8.count : argument.count) + 1
      }
      return offset
    }
  }
}
