import StormrangeRendering
import Testing

@testable import StormrangeProcess

@Suite struct ArgumentPreParserTests {
  /// The flags and the command's words, when the pre-parse finds them; nil when it hands the
  /// arguments back to be parsed again.
  func command(_ arguments: [String]) -> (flags: ProcessFlags, words: [String])? {
    guard case .command(let flags, let words) = ArgumentPreParser.find(in: arguments) else { return nil }
    return (flags, words)
  }

  /// The arguments to parse again, when the pre-parse hands them back.
  func parseAgain(_ arguments: [String]) -> [String]? {
    guard case .parseAgain(let marked) = ArgumentPreParser.find(in: arguments) else { return nil }
    return marked
  }

  @Test func flagsBeforeTheCommandAreReadAndTheRestIsTheCommand() throws {
    let found = try #require(
      command(["--file", "h.plist", "--bail", "--color", "never", "add", "6", "--echo"]))
    #expect(found.flags.file == "h.plist" && found.flags.bail && !found.flags.echo)
    #expect(found.flags.color == .never)
    #expect(found.words == ["add", "6", "--echo"])
  }

  @Test func flagsAloneAreFlagsWithNoCommand() throws {
    let found = try #require(command(["--echo", "--file=h.plist"]))
    #expect(found.flags.echo && found.flags.file == "h.plist")
    #expect(found.words.isEmpty)
  }

  @Test func aCommandWithoutFlagsIsMarkedWithoutAParse() {
    #expect(parseAgain(["add", "-5"]) == ["--", "add", "-5"])
    #expect(parseAgain(["-", "x"]) == ["--", "-", "x"])
    #expect(parseAgain([]) == [])
  }

  @Test func aFlagArgumentParserActsOnDoesNotEndTheFlags() {
    #expect(parseAgain(["--help"]) == ["--help"])
    #expect(parseAgain(["--nope", "--help"]) == ["--nope", "--help"])
    #expect(parseAgain(["--version", "add", "6"]) == ["--version", "--", "add", "6"])
    #expect(parseAgain(["--nope", "add"]) == ["--nope", "--", "add"])
    #expect(parseAgain(["--bail", "-5"]) == ["--bail", "-5"])
  }

  @Test func wrongFlagsAreLeftForTheParseThatReportsThem() {
    #expect(parseAgain(["--file"]) == ["--file"])
    #expect(parseAgain(["--color", "sometimes", "show"]) == ["--color", "sometimes", "show"])
  }

  @Test func aDoubleDashAlreadyThereIsLeftAsItIs() {
    #expect(parseAgain(["--", "--bail", "add"]) == ["--", "--bail", "add"])
    #expect(parseAgain(["--bail", "--", "add", "3"]) == ["--bail", "--", "add", "3"])
  }

  @Test func argumentParsersCompletionReachesItUntouched() {
    let completion = ["---completion", "--", "positional@0", "stormrange", "ad"]
    #expect(parseAgain(completion) == completion)
    #expect(
      parseAgain(["--generate-completion-script", "bash"]) == ["--generate-completion-script", "bash"])
    #expect(
      parseAgain(["--bail", "--generate-completion-script=zsh"]) == [
        "--bail", "--generate-completion-script=zsh",
      ])
  }

  @Test func builtInFlagsAfterTheCommandWordArePartOfTheCommand() throws {
    let words = ["add", "6", "note", "--generate-completion-script", "bash", "---", "-=x"]
    let found = try #require(command(["--echo"] + words))
    #expect(found.words == words)
    #expect(parseAgain(words) == ["--"] + words)
  }

  @Test func aFlagIsAWordThatStartsWithADashExceptADashAlone() {
    #expect(ArgumentPreParser.isFlag("-5") && ArgumentPreParser.isFlag("--bail"))
    #expect(!ArgumentPreParser.isFlag("-") && !ArgumentPreParser.isFlag("add"))
    #expect(ArgumentPreParser.isCompletionFlag("--generate-completion-script=fish"))
    #expect(!ArgumentPreParser.isCompletionFlag("--generate-completion"))
  }
}
