import StormrangeBase
import StormrangeStore

extension CommandArguments {
  /// Argument `index` and the rest of the line as a file path, which may contain spaces
  /// (`import storms  july.csv`).
  ///
  /// In a one-shot command the shell has already read its quotes, so the path is the arguments'
  /// bytes exactly, blanks and quotes included, and bytes that are not UTF-8 too, since a file name
  /// is bytes (everything before the path must still be text: ``isText(before:)``). In a line read
  /// from input (the prompt, a batch) blanks at its end are dropped, and a path that starts with `'`
  /// is read as the shell reads a word in single quotes (`'out  '`, `'it'\''s.csv'`): the quoting
  /// messages use in the commands they suggest (``StringProtocol/shellQuotedPath``), and the way to
  /// give a path with blanks at either end.
  ///
  /// Nil when no PATH was given. An empty one is refused (`export csv ''`, `stormrange export csv ""`),
  /// saying `whatToDo`: no file has an empty name, and taking it as none would send an export meant
  /// for a file (`"$OUT"` with OUT unset) to standard output instead.
  func path(from index: Int, ifEmpty whatToDo: String) throws(StormrangeError) -> SystemPath? {
    guard let path = try givenPath(from: index) else { return nil }
    guard !path.isEmpty else { throw .invalidArgument("the path is empty; \(whatToDo)") }
    return path
  }

  private func givenPath(from index: Int) throws(StormrangeError) -> SystemPath? {
    guard index < count else { return blankArgument(after: index).map { SystemPath($0) } }
    if let (bytes, _) = argumentBytes {
      guard isText(before: index) else { throw .argumentsNotUTF8 }
      return SystemPath(bytes: bytes[offset(from: index)...])
    }
    let text = text(from: index)
    if isFromShell { return SystemPath(text) }
    var path = Substring(text)
    while path.last == " " || path.last == "\t" { path.removeLast() }
    guard path.unicodeScalars.first == "'" else { return SystemPath(String(path)) }
    return SystemPath(try Self.unquoted(path))
  }

  /// Whether the line is UTF-8 text before argument `index` (from where ``path(from:ifEmpty:)`` would
  /// start): always, but for a one-shot command whose arguments are not all UTF-8.
  func isText(before index: Int) -> Bool {
    guard let (_, validPrefix) = argumentBytes else { return true }
    return offset(from: index) <= validPrefix
  }

  /// Where ``path(from:ifEmpty:)`` starts, in bytes. Up to the first byte that is not UTF-8, the text has the
  /// arguments' bytes, so the offset in one is the offset in the other.
  private func offset(from index: Int) -> Int {
    line.utf8.distance(from: line.startIndex, to: start(from: index))
  }

  /// A word in the shell's single quotes, read as `sh` reads it: `'…'` is taken as it is, `\` outside
  /// quotes takes the next character as it is, and a blank outside quotes would end the word.
  private static func unquoted(_ word: Substring) throws(StormrangeError) -> String {
    var result = ""
    var quoted = false
    var escaped = false
    // By scalars: a combining mark after a quote must not hide the quote inside a character.
    for scalar in word.unicodeScalars {
      if escaped {
        result.unicodeScalars.append(scalar)
        escaped = false
      } else if scalar == "'" {
        quoted.toggle()
      } else if quoted {
        result.unicodeScalars.append(scalar)
      } else if scalar == "\\" {
        escaped = true
      } else if scalar == " " || scalar == "\t" {
        throw .invalidArgument(
          "the path \(word.escapedAsPath) has a blank outside its quotes; \(quotingAdvice)")
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    guard !quoted, !escaped else {
      throw .invalidArgument(
        "the path \(word.escapedAsPath) opens a quote it does not close; \(quotingAdvice)")
    }
    return result
  }

  private static let quotingAdvice = "put the whole path in single quotes, each ' in it written '\\''"
}
