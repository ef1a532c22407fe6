import ShellTestSupport
import Testing

@testable import StormrangeShell

/// Completion as the shells' scripts ask for it: the command's words so far, and the word being typed.
@Suite struct CommandRegistryTests {
  let registry = CommandRegistry.shell

  @Test func theFirstWordCompletesToCommandNamesAndAliases() {
    #expect(registry.completions(after: [], typing: "sh") == ["show"])
    #expect(registry.completions(after: [], typing: "st") == ["stats", "status"])
    #expect(registry.completions(after: [], typing: "ba") == ["bang"])
    #expect(registry.completions(after: [], typing: "").count == registry.names.count)
  }

  @Test func laterWordsCompleteToTheCommandsFixedArguments() {
    #expect(registry.completions(after: ["set"], typing: "") == ["location", "radius", "temperature", "unit"])
    #expect(registry.completions(after: ["set", "unit"], typing: "") == ["ft", "km", "m", "mi", "nmi"])
    #expect(registry.completions(after: ["export"], typing: "") == ["csv", "json"])
    #expect(registry.completions(after: ["exit"], typing: "") == [])
    #expect(registry.completions(after: ["nothing"], typing: "") == [])
  }
}
