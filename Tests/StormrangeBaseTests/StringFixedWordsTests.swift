import Testing

@testable import StormrangeBase

@Suite struct StringFixedWordsTests {
  @Test func fixedWordsMatchInAnyASCIICase() {
    #expect("MI".isWord("mi"))
    #expect("Km".isWord("km"))
    #expect("nNe".word(among: ["N", "NNE", "NE"]) == "NNE")
    #expect("csv".word(among: ["csv", "json"]) == "csv")
    #expect("xml".word(among: ["csv", "json"]) == nil)
    #expect(!"mil".isWord("mi"))
  }

  @Test func onlyASCIILettersFold() {
    // `ſ` uppercases to `S` and the Kelvin sign lowercases to `k` under Unicode's rules.
    #expect(!"ſ".isWord("s"))
    #expect("\u{17F}SE".word(among: ["SSE"]) == nil)
    #expect(!"\u{212A}m".isWord("km"))
    #expect("ÉTÉ".asciiLowercased == "ÉtÉ")
    #expect("abc".asciiLowercased == "abc")
  }
}
