import ArgumentParser
import StormrangeKit
import StormrangeStore

#if canImport(Glibc)
  import Glibc
#endif

/// The process's own flags; everything else is a stormrange command.
@main
struct StormrangeCLI: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stormrange",
    abstract: "Time thunder to find how far away a storm is, and keep the history.",
    usage: "stormrange [--file <path>] [--bail] [--echo] [COMMAND ...]",
    discussion: """
      With no COMMAND: at a terminal, an interactive prompt (type 'help'); otherwise commands are \
      read from standard input, one per line. With a COMMAND, runs just that one, e.g. \
      'stormrange add 6.5' or 'stormrange show 5'.

      Exit status: 0 on success, 1 if any command failed, 2 for bad flags.
      """,
    version: Version.text)

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The history file (default: $STORMRANGE_HISTORY, else $XDG_DATA_HOME/stormrange/SavedHistory.plist).",
      valueName: "path"))
  var file: String?

  @Flag(help: "Stop at the first command that fails (batch input).")
  var bail = false

  @Flag(help: "Print each input line before its result (batch input).")
  var echo = false

  @Argument(
    parsing: .postTerminator,
    help: ArgumentHelp(
      "A command to run instead of reading standard input, e.g. add 6.5.", valueName: "command"))
  var command: [String] = []

  /// Bad flags exit 2 (argument-parser's default is 64); help and version exit 0.
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    do {
      var parsed = try parseAsRoot(separatingCommand(arguments))
      try parsed.run()
    } catch {
      if exitCode(for: error) == .validationFailure {
        StandardStreams.writeError(fullMessage(for: error) + "\n")
        Glibc.exit(2)
      }
      exit(withError: error)
    }
  }

  /// The flags come first; the first word that is not a flag starts the command, which is passed on
  /// whole even if it contains words starting with `-` (`stormrange add -5` must reach `add`).
  static func separatingCommand(_ arguments: [String]) -> [String] {
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--" { return Array(arguments[..<index]) + ["--"] + arguments[(index + 1)...] }
      guard argument.hasPrefix("-"), argument != "-" else { break }
      index += argument == "--file" ? 2 : 1
    }
    index = min(index, arguments.count)
    return Array(arguments[..<index]) + ["--"] + arguments[index...]
  }

  func run() throws {
    Signals.install()
    let locations = StorageLocations(
      historyFlag: file.map { SystemPath($0) }, environment: StandardStreams.environment())
    let launcher = SessionLauncher(locations: locations, bail: bail, echo: echo)
    let status: Int32
    if !command.isEmpty {
      status = launcher.runOneShot(command.joined(separator: " "))
    } else if isatty(0) == 1 && isatty(1) == 1 {
      status = launcher.runInteractive()
    } else {
      status = launcher.runBatch()
    }
    if status != 0 { throw ExitCode(status) }
  }
}
