/// Breaks a line of text at spaces so that it fits a width, for the `watch` dashboard and the
/// footer of `plot map`: what does not fit goes on to the next line, never dropped.
package enum WordWrap {
  /// `text` as lines of at most `width` columns, counted as `repertoire` shows them (outside a UTF-8
  /// locale `±` takes three: `+/-`). Lines break at the last space that fits; a word longer than a
  /// line is broken where the line ends. Continuation lines start with `indent` spaces (none when
  /// that would leave no room), so they line up under a label: `advice     …`.
  package static func lines(_ text: String, width: Int, indent: Int, repertoire: CharacterRepertoire) -> [String] {
    let width = max(1, width)
    let margin = String(repeating: " ", count: indent < width ? indent : 0)
    func columns(_ line: Substring) -> Int {
      repertoire == .ascii ? CharacterRepertoire.asciiStandingIn(for: String(line)).count : line.count
    }
    var lines: [String] = []
    var rest = Substring(text)
    var prefix = ""
    while columns(Substring(prefix) + rest) > width {
      let line = Substring(prefix) + rest
      // The longest start of the line that fits, then back to its last space, if any after the margin.
      var end = line.startIndex
      while end < line.endIndex, columns(line[...end]) <= width { end = line.index(after: end) }
      var cut = end
      if end < line.endIndex, line[end] != " ",
        let space = line[line.index(line.startIndex, offsetBy: prefix.count)..<end].lastIndex(of: " ")
      {
        cut = space
      }
      let head = line[..<cut].reversed().drop(while: { $0 == " " })
      guard !head.isEmpty else { break }  // nothing fits beside the margin: give up breaking
      lines.append(String(head.reversed()))
      rest = line[cut...].drop(while: { $0 == " " })
      prefix = margin
      if rest.isEmpty { return lines }
    }
    lines.append(prefix + rest)
    return lines
  }
}
