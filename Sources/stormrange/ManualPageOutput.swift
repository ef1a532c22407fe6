import ArgumentParser
import FoundationEssentials
import StormrangeBase
import StormrangeShell

/// `stormrange --generate-manual-page` (hidden), for Scripts/install: the manual page. The flags are
/// as argument-parser describes them in `--experimental-dump-help` (what its own generate-manual
/// plugin reads), so they stay its to define; the commands come from the registry.
enum ManualPageOutput {
  static func page(today: Date) -> String {
    let configuration = StormrangeCLI.configuration
    let usage = configuration.usage ?? ""
    let synopsis = usage.hasPrefix("stormrange ") ? String(usage.dropFirst("stormrange ".count)) : usage
    let days = Int((today.timeIntervalSince1970 / 86400).rounded(.down))
    return ManualPage(
      name: "stormrange", abstract: configuration.abstract, synopsis: synopsis,
      discussion: configuration.discussion, arguments: arguments(), registry: .standard(),
      version: Version.text, date: CivilTime.date(days: days)
    ).render()
  }

  /// The arguments argument-parser shows in `--help`, in its order.
  static func arguments() -> [ManualPage.Argument] {
    let dump: String
    do {
      _ = try StormrangeCLI.parseAsRoot(["--experimental-dump-help"])
      return []
    } catch {
      dump = StormrangeCLI.fullMessage(for: error)
    }
    guard let info = try? JSONDecoder().decode(ToolInfo.self, from: Data(dump.utf8)) else { return [] }
    return (info.command.arguments ?? []).filter(\.shouldDisplay).map { argument in
      let names = (argument.names ?? []).map { ($0.kind == "short" ? "-" : "--") + $0.name }
      return ManualPage.Argument(
        names: names, value: argument.kind == "flag" ? nil : argument.valueName,
        help: argument.abstract ?? "", repeats: argument.isRepeating ?? false)
    }
  }

  /// The part of argument-parser's `ToolInfoV0` JSON that the page uses.
  private struct ToolInfo: Decodable {
    struct Command: Decodable { let arguments: [Argument]? }
    struct Argument: Decodable {
      let kind: String
      let shouldDisplay: Bool
      let isRepeating: Bool?
      let names: [Name]?
      let valueName: String?
      let abstract: String?
    }
    struct Name: Decodable {
      let kind: String
      let name: String
    }
    let command: Command
  }
}
