import Testing

@testable import StormrangeBase

@Suite struct ShellQuotingTests {
  @Test func aPlainPathIsLeftAsItIs() {
    #expect(
      "/home/ann/.local/share/stormrange/SavedHistory.plist".shellQuotedPath
        == "/home/ann/.local/share/stormrange/SavedHistory.plist")
    #expect("a,b:c@d%e+f_g-h.i".shellQuotedPath == "a,b:c@d%e+f_g-h.i")
  }

  @Test func anyOtherIsInSingleQuotesWithItsQuotesSpelledOut() {
    #expect("my hist; touch X".shellQuotedPath == "'my hist; touch X'")
    #expect("it's".shellQuotedPath == "'it'\\''s'")
    #expect("$(reboot)`id`".shellQuotedPath == "'$(reboot)`id`'")
    #expect("~/h".shellQuotedPath == "'~/h'")
    #expect("=h".shellQuotedPath == "'=h'")
    #expect("été".shellQuotedPath == "'été'")
    #expect("a\nb".shellQuotedPath == "'a\nb'")
    #expect("".shellQuotedPath == "''")
  }

  @Test func aQuoteHiddenInACharacterIsStillSpelledOut() {
    // U+0301 after the quote makes one character of the two; the shell sees the quote's byte.
    #expect("a'\u{301}; id".shellQuotedPath == "'a'\\''\u{301}; id'")
    #expect("-\u{301}x".shellQuotedPath == "'./-\u{301}x'")
  }

  @Test func aPathThatLooksLikeAnOptionIsMadeRelative() {
    #expect("-rf".shellQuotedPath == "./-rf")
    #expect("-my file".shellQuotedPath == "'./-my file'")
  }
}
