import FoundationEssentials
import Testing

@testable import StormrangeBase
@testable import StormrangeKit

/// A PATH argument: the rest of the line, read back from the quoting messages use, and in a one-shot
/// command the shell's arguments exactly.
@Suite struct CommandArgumentsPathTests {
  private func path(_ line: String) throws -> String? {
    try #require(CommandArguments(line)).path(from: 1, ifEmpty: "name a file")
  }

  private func oneShotPath(_ arguments: [String]) throws -> String? {
    let line = InputLine(
      arguments: arguments.map { Array($0.utf8) }, arrival: Moment(wall: .init(), monotonic: 0))
    return try #require(CommandArguments(line.text, argumentOffsets: line.argumentOffsets))
      .path(from: 1, ifEmpty: "name a file")
  }

  @Test func aLineGivesTheRestOfItWithoutTrailingBlanks() throws {
    #expect(try path("export csv storms  july.csv") == "storms  july.csv")
    #expect(try path("export csv out  \t") == "out")
    #expect(try path("export csv a'b") == "a'b")
  }

  @Test func aQuotedPathIsReadAsTheShellReadsIt() throws {
    #expect(try path("export csv 'out  '") == "out  ")
    #expect(try path("export csv '  lead'  ") == "  lead")
    #expect(try path("export csv 'it'\\''s'") == "it's")
    #expect(try path("export csv 'a'b\\ c") == "ab c")
  }

  @Test func whatMessagesQuoteComesBackExactly() throws {
    for name in [
      "my hist; touch X", "it's", "'", "''", "a\\b", " both ", "-dash", "x'y z'", "plain.csv", "é'\u{301}",
      "\u{301}x",
    ] {
      #expect(
        try path("export csv " + name.shellQuotedPath) == (name.hasPrefix("-") ? "./" + name : name),
        "\(name)")
    }
  }

  @Test func aBrokenQuoteIsRefused() {
    #expect(throws: StormrangeError.self) { try path("export csv 'open") }
    #expect(throws: StormrangeError.self) { try path("export csv 'a' b") }
    #expect(throws: StormrangeError.self) { try path("export csv 'a'\\") }
  }

  @Test func aOneShotPathIsTheShellsArgumentsExactly() throws {
    #expect(try oneShotPath(["export", "csv", "out  "]) == "out  ")
    #expect(try oneShotPath(["export", "csv", "  lead"]) == "  lead")
    #expect(try oneShotPath(["export", "csv", "'quoted'"]) == "'quoted'")
    #expect(try oneShotPath(["export", "csv", "two", "words "]) == "two words ")
    #expect(try oneShotPath(["export csv  out "]) == "out ")
    #expect(try oneShotPath(["export", "csv", "out\r"]) == "out\r")
  }

  @Test func noPathIsNil() throws {
    #expect(try path("export csv") == nil)
    #expect(try path("export csv  ") == nil)
    #expect(try oneShotPath(["export", "csv"]) == nil)
    #expect(try oneShotPath(["export", "csv "]) == nil)
  }

  /// Issue 17: `export csv ''` failed late, and the shell's empty argument was taken for no PATH.
  @Test func anEmptyPathIsRefusedSayingWhatToDo() throws {
    let refusal = StormrangeError.invalidArgument("the path is empty; name a file")
    for arguments in [["export", "csv", ""], ["export", "--", ""]] {
      #expect(throws: refusal) { try oneShotPath(arguments) }
    }
    for line in ["export csv ''", "export csv ''  ", "export csv ''''"] {
      #expect(throws: refusal) { try path(line) }
    }
  }

  /// The shell's blank argument is a name like any other, as `"  lead"` is.
  @Test func aBlankOneShotPathIsKept() throws {
    #expect(try oneShotPath(["export", "csv", "  "]) == "  ")
  }
}
