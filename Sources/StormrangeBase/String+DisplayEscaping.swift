extension StringProtocol {
  /// The text as it is safe to show on a terminal, on one line: every character that is invisible
  /// or acts on the terminal or the text around it spelled out (`\n`, `\r`, `\t`, `\u{1B}`,
  /// `\u{7F}`, `\u{85}`, `\u{202E}`, `\u{2028}`; see ``Unicode/Scalar/isEscapedForDisplay``), so
  /// foreign text can neither drive the terminal, nor break a line or a table, nor hide or reorder
  /// what is around it. Everything else is shown as it is, a backslash too: the display is for
  /// people, and exports keep the exact text.
  package var escapingControlCharacters: String {
    guard needsEscapingForDisplay else { return String(self) }
    var result = ""
    for scalar in unicodeScalars { result += scalar.displayed }
    return result
  }

  /// Whether any scalar is ``Unicode/Scalar/isEscapedForDisplay``. Printable ASCII, what nearly
  /// every note is, is told from its bytes without decoding a scalar (`show` asks for every note).
  private var needsEscapingForDisplay: Bool {
    if isPrintableASCII() { return false }
    return unicodeScalars.contains(where: \.isEscapedForDisplay)
  }

  /// Whether every byte is printable ASCII (a space to `~`) and none is one of `excluded`: text that
  /// needs no escaping, told from its bytes without decoding a scalar (a note in `show`, a string in
  /// `export json`).
  func isPrintableASCII(excluding excluded: [UInt8] = []) -> Bool {
    let plain = utf8.withContiguousStorageIfAvailable { bytes in
      bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F && !excluded.contains($0) }
    }
    return plain == true
  }

  /// Text the user typed, as it is safe to echo inside an error message: escaped as in
  /// ``escapingControlCharacters``, U+FFFD (a byte that was not UTF-8) as `\u{FFFD}`, and at most 60
  /// characters, so hostile input can neither drive the terminal nor flood it.
  package var escapedForDisplay: String {
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

  /// A file path as it is safe to show in a message: escaped as in ``escapingControlCharacters``,
  /// but never shortened, since a path cut short names another file.
  package var escapedAsPath: String { escapingControlCharacters }
}

extension Unicode.Scalar {
  /// Whether display spells the scalar out as `\u{…}` (or `\n`, `\r`, `\t`) rather than showing it:
  ///
  /// - controls (category Cc: C0, DEL, C1), which drive the terminal or break the line;
  /// - format characters (Cf), which are invisible and change how the text around them is shown:
  ///   bidirectional overrides and isolates (U+202E turns `txt.exe` into `exe.txt`), zero-width
  ///   spaces and joiners (U+200B–U+200D), the soft hyphen, the byte-order mark. The zero-width
  ///   joiner inside an emoji sequence is one of them: it is escaped there too
  ///   (`👩\u{200D}🚒`), since telling a harmless joiner from a hiding one takes rules that can be
  ///   got wrong, and a visible escape cannot;
  /// - the line and paragraph separators (Zl, Zp: U+2028, U+2029), which break a line;
  /// - noncharacters (U+FDD0–U+FDEF and the last two code points of every plane, U+FFFE, U+FFFF,
  ///   U+1FFFE, …), which are not text.
  var isEscapedForDisplay: Bool {
    if value < 0xA0 { return isControlCharacter }
    switch properties.generalCategory {
    case .format, .lineSeparator, .paragraphSeparator: return true
    default: return properties.isNoncharacterCodePoint
    }
  }

  /// C0 controls, DEL and C1 controls: the general category Cc.
  var isControlCharacter: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }

  /// The scalar itself, or its escape when it is not to be shown (``isEscapedForDisplay``).
  var displayed: String {
    switch self {
    case "\n": return "\\n"
    case "\r": return "\\r"
    case "\t": return "\\t"
    case _ where isEscapedForDisplay: return "\\u{\(String(value, radix: 16, uppercase: true))}"
    default: return String(self)
    }
  }
}

extension String {
  /// A batch line as `--echo` shows it: escaped as in ``escapingControlCharacters``, U+FFFD spelled
  /// out, never shortened.
  package var escapedForEcho: String {
    guard unicodeScalars.contains(where: { $0.isEscapedForDisplay || $0.value == 0xFFFD }) else {
      return self
    }
    var result = ""
    for scalar in unicodeScalars { result += scalar.value == 0xFFFD ? "\\u{FFFD}" : scalar.displayed }
    return result
  }
}
