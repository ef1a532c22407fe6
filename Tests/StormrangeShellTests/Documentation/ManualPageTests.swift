import ShellTestSupport
import Testing


@Suite struct ManualPageTests {
  /// A command whose texts hold what roff would misread.
  struct AwkwardCommand: Command {
    let name = "odd"
    let aliases = ["strange"]
    let summary = "do something \\odd"
    let usage = #"odd "A|B" [C]"#
    let details = ".starts with a dot\n'starts with a quote\n\n  C  a back\\slash"

    func run(_ arguments: CommandArguments, in session: Session) throws(StormrangeError) -> Outcome {
      .proceed
    }
  }

  func page(registry: CommandRegistry = .shell, discussion: String = "One.\n\nTwo.") -> String {
    ManualPage(
      name: "stormrange", abstract: "Time thunder.", synopsis: "[--bail] [COMMAND ...]",
      discussion: discussion,
      arguments: [
        .init(names: ["--file"], value: "path", help: "The history file."),
        .init(names: ["-h", "--help"], value: nil, help: "Show help information."),
        .init(names: [], value: "command", help: "A command.", repeats: true),
      ],
      registry: registry, version: "stormrange 1.0.0", date: (2026, 11, 22)
    ).render()
  }

  @Test func theHeaderNamesThePageAndItsDate() {
    let lines = page().split(separator: "\n").map(String.init)
    #expect(
      Array(lines.prefix(6)) == [
        ".Dd November 22, 2026", ".Dt STORMRANGE 1", #".Os "stormrange 1.0.0""#, ".Sh NAME", ".Nm stormrange",
        ".Nd Time thunder",
      ])
  }

  @Test func everyCommandOfTheRegistryIsDescribed() {
    let text = page()
    for command in CommandRegistry.shell.commands {
      #expect(text.contains(".It Sy \"\(command.usage)\"\n"), "\(command.name)")
    }
    #expect(text.contains(".It Sy \"(Enter)\"\n"))
    #expect(text.contains("Also: exit.\n"))
    #expect(text.contains(".Bd -literal\nunit         the unit distances are shown in"))
  }

  @Test func theFlagsAreListedAsArgumentParserNamesThem() {
    let text = page()
    #expect(text.contains(".It Fl -file Ar \"path\"\nThe history file.\n"))
    #expect(text.contains(".It Fl h , Fl -help\nShow help information.\n"))
    #expect(text.contains(".It Ar \"command\" ...\nA command.\n"))
  }

  @Test func paragraphsAreSeparated() {
    #expect(page().contains(".Sh DESCRIPTION\nOne.\n.Pp\nTwo.\n.Sh OPTIONS"))
  }

  @Test func textThatRoffWouldMisreadIsEscaped() {
    let text = page(registry: CommandRegistry(commands: [AwkwardCommand()]))
    #expect(text.contains(#".It Sy "odd \(dqA|B\(dq [C]""# + "\nDo something \\eodd.\nAlso: strange.\n"))
    #expect(
      text.contains(
        ".Bd -literal\n\\&.starts with a dot\n\\&'starts with a quote\n\\&\n  C  a back\\eslash\n.Ed"))
  }
}

@testable import StormrangeShell