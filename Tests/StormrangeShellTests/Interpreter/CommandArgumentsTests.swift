import Testing

@testable import StormrangeShell

@Suite struct CommandArgumentsTests {
  @Test func wordsAreSplitAtSpacesAndTabs() throws {
    let arguments = try #require(CommandArguments("add\t6.5  note  over the lake "))
    #expect(arguments.commandName == "add")
    #expect(arguments.all == ["6.5", "note", "over", "the", "lake"])
    #expect(arguments.text(after: 1) == "over the lake ")
    #expect(arguments.text(from: 2) == "over the lake ")
    #expect(CommandArguments(" \t ") == nil)
  }

  @Test func aCombiningMarkAfterASpaceIsAWordOfItsOwn() throws {
    // " \u{301}" is one Character (the space carries the accent): splitting by Character would see
    // no blank there and read `note ́` as one word.
    let arguments = try #require(CommandArguments("add 7 note \u{301}"))
    #expect(arguments.all == ["7", "note", "\u{301}"])
    #expect(arguments.text(after: 1) == "\u{301}")
    let accented = try #require(CommandArguments("add 7 note \u{301}x y\u{301}"))
    #expect(accented.text(after: 1) == "\u{301}x y\u{301}")
    #expect(accented.text(from: 2) == "\u{301}x y\u{301}")
  }

  @Test func aCombiningMarkAfterATabOrBeforeTheCommandIsSplitTheSameWay() throws {
    let arguments = try #require(CommandArguments("show\t\u{301}"))
    #expect(arguments.commandName == "show")
    #expect(arguments.all == ["\u{301}"])
  }
}
