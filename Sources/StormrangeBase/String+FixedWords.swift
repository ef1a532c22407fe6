extension StringProtocol {
  /// The text with the ASCII letters A–Z lowered and everything else as it is: the one case folding
  /// for fixed words in arguments (units, formats, compass points, setting names, keywords), which
  /// are taken in any case. Only ASCII folds, so that `ſ` (which Unicode uppercases to `S`) is not
  /// the compass point `S`, nor the Kelvin sign `K` (which it lowercases to `k`) the `k` of `km`.
  package var asciiLowercased: String {
    guard utf8.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
      return String(self)
    }
    return String(
      decoding: utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 },
      as: UTF8.self)
  }

  /// Whether the text is the fixed word `word` in any ASCII case: `MI` is `mi`.
  package func isWord(_ word: some StringProtocol) -> Bool { asciiLowercased == word.asciiLowercased }

  /// The first of `words` the text is, in any ASCII case, spelled as in `words` (the canonical
  /// spelling); nil when it is none of them.
  package func word<Words: Sequence>(among words: Words) -> Words.Element?
  where Words.Element: StringProtocol {
    let lowered = asciiLowercased
    return words.first { $0.asciiLowercased == lowered }
  }
}
