import Testing

@testable import StormrangeBase

@Suite struct StringDisplayEscapingTests {
  @Test func controlsAreSpelledOut() {
    #expect(
      "a\nb\rc\td\u{1B}[2J\u{7F}\u{85}".escapingControlCharacters == "a\\nb\\rc\\td\\u{1B}[2J\\u{7F}\\u{85}")
    #expect("back\\slash é ⚡".escapingControlCharacters == "back\\slash é ⚡")
  }

  @Test func formatCharactersSeparatorsAndNoncharactersAreSpelledOut() {
    // Category Cf: a right-to-left override, zero-width space and joiner, a soft hyphen, a BOM, a
    // tag character beyond the BMP; Zl and Zp; noncharacters in the BMP and beyond.
    let cases: [(String, String)] = [
      ("txt\u{202E}exe.doc", "txt\\u{202E}exe.doc"),
      ("a\u{200B}b\u{200C}c\u{200D}d", "a\\u{200B}b\\u{200C}c\\u{200D}d"),
      ("soft\u{AD}hyphen\u{FEFF}", "soft\\u{AD}hyphen\\u{FEFF}"),
      ("flag\u{E0067}", "flag\\u{E0067}"),
      ("line\u{2028}para\u{2029}", "line\\u{2028}para\\u{2029}"),
      // Swift's string literals refuse noncharacters, so they are made from their values.
      (
        String(
          String.UnicodeScalarView(
            [0xFDD0, 0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFF].map { Unicode.Scalar($0)! })),
        "\\u{FDD0}\\u{FDEF}\\u{FFFE}\\u{FFFF}\\u{1FFFE}\\u{10FFFF}"
      ),
    ]
    for (text, shown) in cases {
      #expect(text.escapingControlCharacters == shown)
      #expect(text.escapedForDisplay == shown)
      #expect(text.escapedForEcho == shown)
      #expect(text.escapedAsPath == shown)
    }
  }

  @Test func theJoinerInsideAnEmojiSequenceIsEscapedToo() {
    #expect("👩\u{200D}🚒".escapingControlCharacters == "👩\\u{200D}🚒")
  }

  @Test func visibleNeighboursAreShownAsTheyAre() {
    // Not Cf: a no-break space (Zs), a combining acute (Mn), a variation selector (Mn), U+FDCF and
    // U+FDF0 beside the noncharacters, a private-use character (Co).
    let text = "a\u{A0}e\u{301}☀\u{FE0F}\u{FDCF}\u{FDF0}\u{E000}"
    #expect(text.escapingControlCharacters == text)
  }

  @Test func errorsShortenWhatTheyQuoteAndShowAReplacementCharacter() {
    #expect("x\u{FFFD}".escapedForDisplay == "x\\u{FFFD}")
    #expect(String(repeating: "a", count: 61).escapedForDisplay == String(repeating: "a", count: 60) + "…")
  }
}
