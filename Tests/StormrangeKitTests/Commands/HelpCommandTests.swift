import Testing

@testable import StormrangeKit

@Suite struct HelpCommandTests {
  @Test func helpListsEveryCommandWithASummary() {
    let test = TestSession()
    test.runAll(["help"])
    for command in CommandRegistry.standard.commands {
      #expect(test.output.text.contains("  \(command.name) "))
    }
  }

  @Test func helpForOneCommandShowsItsUsage() {
    let test = TestSession()
    test.runAll(["help add", "help bang"])
    #expect(test.output.text.contains("usage: add SECONDS [at TIME] [note TEXT]"))
    #expect(test.output.text.contains("usage: thunder"))
    #expect(test.run("help nothing"))
  }
}
