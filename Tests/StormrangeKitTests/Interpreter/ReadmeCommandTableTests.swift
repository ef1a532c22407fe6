import FoundationEssentials
import Testing

@testable import StormrangeKit

/// `help` and completion are generated from the registry; README's command table is written by
/// hand, so this keeps it listing exactly the registered commands and their aliases.
@Suite struct ReadmeCommandTableTests {
  /// The first cells of the table under README's "## Commands" heading.
  func readmeCommandCells() throws -> [String] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.components(separatedBy: "\n## Commands\n").dropFirst().first)
    let table =
      section.components(separatedBy: "\n\n").first { $0.drop { $0 == "\n" }.hasPrefix("| command") } ?? ""
    return table.split(separator: "\n").dropFirst(2).map { row in
      String(
        row.dropFirst(2).prefix { $0 != "|" }.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
  }

  /// The command names a cell speaks of: the first word in backticks, and each `(or `alias`)`.
  func names(in cell: String) -> [String] {
    cell.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.compactMap {
      $0.element.split(separator: " ").first.map(String.init)
    }
  }

  @Test func everyRegisteredCommandAndAliasIsInTheTable() throws {
    let listed = Set(try readmeCommandCells().flatMap(names))
    for command in CommandRegistry.standard.commands {
      for name in [command.name] + command.aliases {
        #expect(listed.contains(name), "README's command table does not list '\(name)'")
      }
    }
  }

  @Test func theTableListsNothingThatIsNotACommand() throws {
    let known = Set(CommandRegistry.standard.names)
    let cells = try readmeCommandCells()
    #expect(cells.count >= CommandRegistry.standard.commands.count)
    for cell in cells where cell.hasPrefix("`") {
      for name in names(in: cell) {
        #expect(known.contains(name), "README lists '\(name)', which is not a command")
      }
    }
  }
}
