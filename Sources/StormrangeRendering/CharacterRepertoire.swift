/// Which characters output may use: Unicode (block elements, box drawing, ±) when the locale's
/// character encoding is UTF-8, plain ASCII otherwise, so a chart never turns into mojibake.
package enum CharacterRepertoire: Equatable, Sendable {
  case unicode
  case ascii

  /// Decides from the locale variables as the C library does: the first of `LC_ALL`, `LC_CTYPE`
  /// and `LANG` that is set and not empty names the locale; UTF-8 only if it says so
  /// (`en_US.UTF-8`, `C.utf8`). No locale at all is the "C" locale: ASCII.
  package static func forLocale(environment: [String: String]) -> CharacterRepertoire {
    for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
      guard let value = environment[name], !value.isEmpty else { continue }
      let codeset = value.lowercased().filter { $0 != "-" && $0 != "_" }
      return codeset.contains("utf8") ? .unicode : .ascii
    }
    return .ascii
  }

  /// `±`, or `+/-` in ASCII.
  var plusMinus: String { self == .unicode ? "±" : "+/-" }
  /// What stands in a column for a value a row does not have: one column wide in both.
  /// Between the ends of a range of numbers: `6–15 min`.
  var rangeDash: String { self == .unicode ? "–" : "-" }
  var missing: String { self == .unicode ? "—" : "-" }
  /// From one value to the next: `14.1 → 6.2 km`.
  var arrow: String { self == .unicode ? "→" : "->" }
  /// What separates the parts of a one-line summary.
  var separator: String { self == .unicode ? " · " : " | " }

  /// The ASCII stand-ins for the symbols stormrange's own text uses (°, ±, ·, —, …), for a terminal
  /// that is not UTF-8.
  static let asciiStandIns: [Character: String] = [
    "°": "deg", "±": "+/-", "·": "|", "—": "--", "–": "-", "…": "...", "×": "x", "≤": "<=", "≥": ">=",
    "→": "->", "←": "<-",
  ]

  /// `text` in ASCII: the symbols of ``asciiStandIns`` replaced (a degree sign before C or F is
  /// dropped: `20 °C` reads `20 C`), and any other character outside ASCII spelled out as
  /// `\u{E9}`, so that nothing reaches the terminal as bytes it cannot show. The text itself when it
  /// is ASCII already.
  package static func asciiStandingIn(for text: String) -> String {
    guard text.utf8.contains(where: { $0 >= 0x80 }) else { return text }
    var result = ""
    var characters = text.makeIterator()
    var next = characters.next()
    while let character = next {
      next = characters.next()
      if character == "°", next == "C" || next == "F" { continue }
      if let standIn = asciiStandIns[character] {
        result += standIn
      } else if character.isASCII {
        result.append(character)
      } else {
        for scalar in character.unicodeScalars {
          result +=
            scalar.isASCII ? String(scalar) : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
      }
    }
    return result
  }
}
