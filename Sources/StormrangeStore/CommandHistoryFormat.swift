/// The file format of readline's command history, as GNU readline 8.2's `read_history` reads it, so
/// that a file written here is read back by readline entry for entry:
/// - one entry a line, each ended by `\n`; a last line without one is not read;
/// - a `\r` right before the `\n` is dropped, and an entry ends at a NUL byte;
/// - empty lines are skipped;
/// - when the file starts with `#` and a digit, readline takes it for one written with timestamps,
///   and every line that starts with `#` and a digit is a timestamp, not an entry.
///
/// stormrange writes no timestamps (readline's `history_write_timestamps` stays off), so an entry
/// that starts with `#` and a digit (a comment typed at the prompt) is written anywhere but first.
package enum CommandHistoryFormat {
  /// `line`, as typed, made into an entry the format can hold: each line break (`\n` or `\r`, which
  /// a paste can put into a line) becomes a space, so the entry stays one line of the file.
  package static func entry(_ line: String) -> [UInt8] {
    line.utf8.map { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") ? UInt8(ascii: " ") : $0 }
  }

  /// The file holding `entries` (each one of ``entry(_:)``), oldest first. Entries at the start that
  /// would make readline take the file for one with timestamps are left out.
  static func encode(_ entries: [[UInt8]]) -> [UInt8] {
    let kept = entries.drop(while: startsLikeATimestamp)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(kept.reduce(0) { $0 + $1.count + 1 })
    for entry in kept {
      bytes += entry
      bytes.append(UInt8(ascii: "\n"))
    }
    return bytes
  }

  /// The entries of a file, oldest first, as `read_history` finds them.
  static func decode(_ bytes: [UInt8]) -> [[UInt8]] {
    let timestamped = startsLikeATimestamp(bytes[...])
    var entries: [[UInt8]] = []
    var start = bytes.startIndex
    while let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
      var line = bytes[start..<end]
      start = end + 1
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      line = line.prefix { $0 != 0 }
      guard !line.isEmpty, !(timestamped && startsLikeATimestamp(line)) else { continue }
      entries.append(Array(line))
    }
    return entries
  }

  /// `#` and a digit: what readline reads as the start of a timestamp.
  private static func startsLikeATimestamp(_ bytes: some Collection<UInt8>) -> Bool {
    var iterator = bytes.makeIterator()
    guard iterator.next() == UInt8(ascii: "#"), let second = iterator.next() else { return false }
    return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(second)
  }
}
