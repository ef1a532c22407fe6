/// How stormrange's own text is styled on one stream: plainly, or with ANSI colours (SGR sequences,
/// `ESC[…m`) for a terminal. The executable decides per stream (``choose(_:isTerminal:environment:)``)
/// and hands the session a plain value, as it does the ``CharacterRepertoire``.
///
/// Only text stormrange writes itself is painted, and only after any text it quotes has been escaped
/// for display, so an escape sequence in a note is still shown as `\u{1B}` and never reaches the
/// terminal. Every painted span ends with a reset. Widths are computed on the text before painting.
package enum Palette: Equatable, Sendable {
  case plain
  case ansi

  /// What a span of text means; the palette decides how that looks.
  package enum Role: Sendable {
    /// Shelter now: bold red.
    case danger
    /// All clear: green.
    case safe
    /// What must not be missed, such as lightning within about 10 km: bold.
    case emphasis
    /// A table's heading row, a label: bold.
    case heading
    /// An error message: red.
    case error
    /// A warning, or the running stopwatch: yellow.
    case caution

    /// The SGR parameters between `ESC[` and `m`.
    var parameters: String {
      switch self {
      case .danger: "1;31"
      case .safe: "32"
      case .emphasis, .heading: "1"
      case .error: "31"
      case .caution: "33"
      }
    }
  }

  /// Ends every painted span: all attributes off.
  static let reset = "\u{1B}[0m"

  /// `text` styled for `role`; the text itself in a plain palette, or when it is empty.
  package func paint(_ text: String, as role: Role) -> String {
    guard self == .ansi, !text.isEmpty else { return text }
    return "\u{1B}[\(role.parameters)m" + text + Self.reset
  }

  /// Decides for one stream. `--color always` and `never` decide alone; `auto` colours a terminal,
  /// unless `NO_COLOR` is set and not empty (https://no-color.org: an empty value does not count).
  package static func choose(_ choice: ColourChoice, isTerminal: Bool, environment: [String: String])
    -> Palette
  {
    switch choice {
    case .always: .ansi
    case .never: .plain
    case .auto: isTerminal && (environment["NO_COLOR"] ?? "").isEmpty ? .ansi : .plain
    }
  }

  /// `text` with each SGR sequence in it enclosed in `start` and `end`: readline's markers for
  /// characters in a prompt that take no column, without which it would count the escape bytes as
  /// columns and redraw a long line in the wrong place.
  package static func markingEscapes(in text: String, start: Character, end: Character) -> String {
    var result = ""
    var inEscape = false
    for character in text {
      if !inEscape, character == "\u{1B}" {
        inEscape = true
        result.append(start)
      }
      result.append(character)
      if inEscape, character == "m" {
        inEscape = false
        result.append(end)
      }
    }
    if inEscape { result.append(end) }
    return result
  }
}
