import FoundationEssentials
import StormrangeStore
import Testing

@testable import StormrangeBase
@testable import StormrangeShell

/// A PATH argument: the rest of the line, read back from the quoting messages use, and in a one-shot
/// command the shell's arguments exactly.
@Suite struct CommandArgumentsPathTests {
  private func path(_ line: String) throws -> String? {
    try #require(CommandArguments(line)).path(from: 1, ifEmpty: "name a file")?.description
  }

  private func oneShotPath(_ arguments: [String]) throws -> String? {
    try oneShotPath(bytes: arguments.map { Array($0.utf8) })?.description
  }

  private func oneShotArguments(_ arguments: [[UInt8]]) throws -> CommandArguments {
    let line = InputLine(arguments: arguments, arrival: Moment(wall: .init(), monotonic: 0))
    return try #require(
      CommandArguments(line.text, argumentOffsets: line.argumentOffsets, argumentBytes: line.argumentBytes))
  }

  private func oneShotPath(bytes arguments: [[UInt8]]) throws -> SystemPath? {
    try oneShotArguments(arguments).path(from: 1, ifEmpty: "name a file")
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

  @Test func aOneShotPathKeepsBytesThatAreNotUTF8() throws {
    let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(" .csv".utf8)
    let whole = try #require(try oneShotPath(bytes: [Array("export".utf8), Array("csv".utf8), latin1]))
    #expect(Array(whole.bytes) == latin1)
    // Several arguments, bad bytes in each, and a bad sequence cut by the space between two.
    let split: [[UInt8]] = [Array("export".utf8), Array("csv".utf8), [0x61, 0xE2, 0x82], [0xFF, 0x62]]
    let joined = try #require(try oneShotPath(bytes: split))
    #expect(Array(joined.bytes) == [0x61, 0xE2, 0x82, 0x20, 0xFF, 0x62])
    // The path starting inside the shell's argument, after text.
    let inside: [[UInt8]] = [Array("export csv  ".utf8) + [0xFF]]
    let within = try #require(try oneShotArguments(inside).path(from: 1, ifEmpty: "name a file"))
    #expect(Array(within.bytes) == [0xFF])
  }

  @Test func bytesThatAreNotUTF8BeforeTheOneShotPathAreRefused() throws {
    let arguments = try oneShotArguments([Array("export".utf8), [0x63, 0xFF], Array("out".utf8)])
    #expect(!arguments.isText(before: 1))
    #expect(throws: StormrangeError.argumentsNotUTF8) { try arguments.path(from: 1, ifEmpty: "name a file") }
    let valid = try oneShotArguments([Array("export".utf8), Array("csv".utf8), [0xFF]])
    #expect(valid.isText(before: 1))
    #expect(valid.isText(before: 0))
  }
}
