import Testing

@testable import StormrangeBase

@Suite struct JSONTextTests {
  @Test func controlCharactersAreEscapedC1Included() {
    // U+009B is a one-character CSI to some terminals: `show --json` must not pass it through.
    #expect(
      JSONText.string("a\u{1B}[2J\u{9B}31m\u{85}\u{7F}\"\\\n") == #""a\u001b[2J\u009b31m\u0085\u007f\"\\\n""#)
    #expect(JSONText.string("é⚡\u{A0}") == "\"é⚡\u{A0}\"")
  }

  @Test func invisibleCharactersAreEscapedAsDisplayEscapesThem() {
    // A right-to-left override, a line separator, a noncharacter, a tag beyond U+FFFF (a pair).
    #expect(
      JSONText.string("a\u{202E}b\u{2028}c" + String(Unicode.Scalar(0xFDD0)!) + "d\u{E0041}")
        == #""a\u202eb\u2028c\ufdd0d\udb40\udc41""#)
  }

  @Test func numbersThatAreNotFiniteAreNull() {
    #expect(JSONText.number(Double.nan) == "null")
    #expect(JSONText.number(Double.infinity) == "null")
    #expect(JSONText.number(nil) == "null")
    #expect(JSONText.number(6.5) == "6.5")
  }
}
