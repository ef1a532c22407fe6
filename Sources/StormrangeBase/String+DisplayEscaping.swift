extension StringProtocol {
  /// The text as it is safe to show on a terminal, on one line: every C0 control, DEL and C1 control
  /// spelled out (`\n`, `\r`, `\t`, `\u{1B}`, `\u{7F}`, `\u{85}`), so foreign text can neither
  /// drive the terminal nor break a line or a table. Everything else is shown as it is, a backslash
  /// too: the display is for people, and exports keep the exact text.
  public var escapingControlCharacters: String {
    guard unicodeScalars.contains(where: \.isControlCharacter) else { return String(self) }
    var result = ""
    for scalar in unicodeScalars { result += scalar.displayed }
    return result
  }

  /// Text the user typed, as it is safe to echo inside an error message: controls spelled out as in
  /// ``escapingControlCharacters``, U+FFFD (a byte that was not UTF-8) as `\u{FFFD}`, and at most 60
  /// characters, so hostile input can neither drive the terminal nor flood it.
  public var escapedForDisplay: String {
    var result = ""
    var count = 0
    for scalar in unicodeScalars {
      if count == 60 {
        result += "…"
        break
      }
      result += scalar.value == 0xFFFD ? "\\u{FFFD}" : scalar.displayed
      count += 1
    }
    return result
  }

  /// A file path as it is safe to show in a message: controls spelled out as in
  /// ``escapingControlCharacters``, but never shortened, since a path cut short names another file.
  public var escapedAsPath: String { escapingControlCharacters }
}

extension Unicode.Scalar {
  /// C0 controls, DEL and C1 controls: the general category Cc.
  var isControlCharacter: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }

  /// The scalar itself, or its escape when it is a control character.
  var displayed: String {
    switch self {
    case "\n": return "\\n"
    case "\r": return "\\r"
    case "\t": return "\\t"
    case _ where isControlCharacter: return "\\u{\(String(value, radix: 16, uppercase: true))}"
    default: return String(self)
    }
  }
}

extension String {
  /// A batch line as `--echo` shows it: controls and U+FFFD spelled out, never shortened.
  public var escapedForEcho: String {
    guard unicodeScalars.contains(where: { $0.isControlCharacter || $0.value == 0xFFFD }) else { return self }
    var result = ""
    for scalar in unicodeScalars { result += scalar.value == 0xFFFD ? "\\u{FFFD}" : scalar.displayed }
    return result
  }
}
