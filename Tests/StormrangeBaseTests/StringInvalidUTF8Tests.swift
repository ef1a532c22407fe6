import Testing

@testable import StormrangeBase

@Suite struct StringInvalidUTF8Tests {
  @Test func validUTF8IsShownAsItsCharacters() {
    #expect(String(escapingInvalidUTF8: Array("Zürich/été.plist".utf8)) == "Zürich/été.plist")
    #expect(String(escapingInvalidUTF8: [UInt8]()) == "")
  }

  @Test func eachByteThatIsNotUTF8IsShownAsItsHexValue() {
    #expect(String(escapingInvalidUTF8: Array("Z".utf8) + [0xFC] + Array("rich".utf8)) == "Z\\x{FC}rich")
    #expect(String(escapingInvalidUTF8: [0xFF, 0xFE]) == "\\x{FF}\\x{FE}")
    // A sequence cut short, then a valid character: the stray lead byte alone is escaped.
    #expect(String(escapingInvalidUTF8: [0xC3, 0x41]) == "\\x{C3}A")
    #expect(String(escapingInvalidUTF8: [0x61, 0xE2, 0x82]) == "a\\x{E2}\\x{82}")
  }
}
