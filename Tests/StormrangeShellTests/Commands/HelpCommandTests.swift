import ShellTestSupport
import Testing

@testable import StormrangeShell

@Suite struct HelpCommandTests {
  @Test func helpListsEveryCommandWithASummary() {
    let test = TestSession()
    test.runAll(["help"])
    let lines = test.output.text.split(separator: "\n")
    let commands = CommandRegistry.shell.commands
    #expect(lines.count == commands.count + 1)
    for command in commands {
      #expect(
        lines.contains { $0.hasPrefix("  \(command.name) ") && $0.hasSuffix(command.summary) },
        "\(command.name): \(command.summary)")
    }
    #expect(lines.contains { $0.hasPrefix("  plot ") && $0.contains("map") })
  }

  @Test func helpForOneCommandShowsItsUsage() {
    let test = TestSession()
    test.runAll(["help add", "help bang"])
    #expect(
      test.output.text.contains(
        "usage: add SECONDS|DIST UNIT [at TIME] [from BEARING] [source NAME] [detector KIND] [note TEXT]"))
    #expect(test.output.text.contains("usage: thunder"))
    #expect(test.run("help nothing"))
  }
}
