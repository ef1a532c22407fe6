import Testing

@testable import StormrangeRendering

@Suite struct WordWrapTests {
  func wrap(_ text: String, _ width: Int, indent: Int = 0, _ repertoire: CharacterRepertoire = .unicode)
    -> [String]
  {
    WordWrap.lines(text, width: width, indent: indent, repertoire: repertoire)
  }

  @Test func aLineThatFitsStaysAsItIs() {
    #expect(wrap("advice     all clear", 20) == ["advice     all clear"])
    #expect(wrap("", 5) == [""])
  }

  @Test func linesBreakAtTheLastSpaceThatFitsUnderAnIndent() {
    #expect(
      wrap("advice     SHELTER NOW: thunder was heard 2 min ago", 24, indent: 11) == [
        "advice     SHELTER NOW:", "           thunder was", "           heard 2 min", "           ago",
      ])
    #expect(wrap("one two  three", 8) == ["one two", "three"])
  }

  @Test func aWordLongerThanALineIsBrokenNotDropped() {
    #expect(wrap("path: /a/very/long/name", 10) == ["path:", "/a/very/lo", "ng/name"])
    #expect(wrap("x abcdefgh", 4, indent: 2) == ["x", "  ab", "  cd", "  ef", "  gh"])
  }

  @Test func columnsAreCountedAsTheRepertoireShowsThem() {
    // `±` is `+/-` outside a UTF-8 locale: three columns.
    #expect(wrap("5 ± 1 km", 8) == ["5 ± 1 km"])
    #expect(wrap("5 ± 1 km", 8, .ascii) == ["5 ± 1", "km"])
  }
}
