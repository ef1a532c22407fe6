import ArgumentParser
import StormrangeBase
import StormrangeProcess
import StormrangeRendering
import StormrangeShell
import StormrangeStore

#if canImport(Glibc)
  import Glibc
#endif

/// The process's own flags; the words after them are one stormrange command.
@main
struct StormrangeCLI: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stormrange",
    abstract: "Time thunder to find how far away a storm is, and keep the history.",
    usage: "stormrange [--file <path>] [--bail] [--echo] [--color auto|always|never] [COMMAND ...]",
    discussion: """
      With no COMMAND: at a terminal, an interactive prompt (type 'help'); otherwise commands are \
      read from standard input, one per line. With a COMMAND, runs just that one, e.g. \
      'stormrange add 6.5' or 'stormrange show 5'.

      Exit status: 0 on success, 1 if any command failed, 2 for bad flags.
      """,
    version: Version.text)

  @OptionGroup var flags: ProcessFlags

  /// The command's words: everything after the `--` that ``ArgumentPreParser`` puts where they start, so
  /// that words such as `-5` or `--bail` reach the command (`stormrange add -5` must reach `add`).
  @Argument(
    parsing: .postTerminator,
    help: ArgumentHelp(
      "A command to run instead of reading standard input, e.g. add 6.5.", valueName: "command"),
    completion: .custom(CommandCompletion.candidates))
  var command: [String] = []

  /// For Scripts/install: prints the manual page (mdoc) instead of running anything.
  @Flag(name: .customLong("generate-manual-page"), help: .hidden)
  var generateManualPage = false

  /// The descriptors from 3 up that the caller passed (`4>out.csv`): those open when the process
  /// started, before it opened any of its own. Read first thing in ``main()``.
  static let inheritedDescriptors = OpenDescriptors.numbers()

  /// Bad flags exit 2 (argument-parser's default is 64); help and version exit 0.
  static func main() {
    _ = inheritedDescriptors
    StandardStreams.occupyClosedDescriptors()
    let arguments = ArgumentBytes.fromSystem().map(ArgumentBytes.text(of:))
    do {
      switch ArgumentPreParser.find(in: arguments) {
      case .command(let flags, let words):
        try launch(flags, command: words)
      case .parseAgain(let marked):
        var parsed = try parseAsRoot(marked)
        try parsed.run()
      }
    } catch {
      finish(with: error)
    }
  }

  func run() throws {
    guard generateManualPage else { return try Self.launch(flags, command: command) }
    if !command.isEmpty { Self.refuse("--generate-manual-page takes no command") }
    let page = ManualPageOutput.page(today: SystemClock().now().wall)
    if case .failed(let errno) = StandardStreams.write(Array(page.utf8), to: 1) {
      StandardStreams.writeError("stormrange: \(StormrangeError.outputFailed(code: errno).message)\n")
      throw ExitCode(ExitStatus.failure)
    }
  }

  /// Ends the program as argument-parser would for `error` (help, version, a completion script, a
  /// bad flag, an exit status), but writes the text itself: with what it quotes of the arguments
  /// escaped, a failed write on standard output reported, and bad flags ending with status 2
  /// (argument-parser's default is 64).
  static func finish(with error: any Error) -> Never {
    let code = exitCode(for: error)
    // The message may quote an argument that is not UTF-8: show it as `String(cString:)` would.
    let text = String(decoding: ArgumentBytes.bytes(of: fullMessage(for: error)), as: UTF8.self)
    let message = text.split(separator: "\n", omittingEmptySubsequences: false)
      .map(\.escapingControlCharacters).joined(separator: "\n")
    if code == .validationFailure {
      StandardStreams.writeError(message + "\n")
      Glibc.exit(ExitStatus.badFlags)
    }
    if code.isSuccess {
      if !message.isEmpty,
        case .failed(let errno) = StandardStreams.write(Array((message + "\n").utf8), to: 1)
      {
        StandardStreams.writeError("stormrange: \(StormrangeError.outputFailed(code: errno).message)\n")
        Glibc.exit(ExitStatus.failure)
      }
      Glibc.exit(ExitStatus.success)
    }
    if !message.isEmpty { StandardStreams.writeError(message + "\n") }
    Glibc.exit(code.rawValue)
  }

  /// Ends the program as argument-parser does for a bad flag: one line, status 2.
  static func refuse(_ message: String, palette: Palette = .plain) -> Never {
    StandardStreams.writeError(palette.paint("stormrange: \(message)", as: .error) + "\n")
    Glibc.exit(ExitStatus.badFlags)
  }

  /// Runs `command`, or else reads commands from the terminal or standard input.
  static func launch(_ flags: ProcessFlags, command: [String]) throws {
    let errorPalette = ModeRunner.palette(flags.color, for: 2)
    let historyFlag = flags.file.map { SystemPath(bytes: ArgumentBytes.bytes(of: $0)) }
    if historyFlag?.isEmpty == true {
      // An unset variable in a script (`--file "$HISTORY"`) must not write into the main history.
      refuse("--file needs a path; it was given an empty one", palette: errorPalette)
    }
    let locations: StorageLocations
    do {
      locations = try StorageLocations(
        historyFlag: historyFlag, environment: StandardStreams.environmentBytes(),
        homeFromPasswordDatabase: PasswordDatabase.homeOfCurrentUser)
    } catch {
      refuse(error.message, palette: errorPalette)
    }
    if let problem = HistoryPathCheck.problem(with: locations.history) {
      refuse("cannot use that history file: \(problem.escapedAsPath)", palette: errorPalette)
    }
    Signals.install()
    let modes = ModeRunner(
      locations: locations, inheritedDescriptors: inheritedDescriptors, bail: flags.bail, echo: flags.echo,
      colour: flags.color)
    let status: Int32
    if !command.isEmpty {
      status = modes.runOneShot(command.map(ArgumentBytes.bytes(of:)))
    } else if isatty(0) == 1 && isatty(1) == 1 {
      status = modes.runInteractive()
    } else {
      status = modes.runBatch()
    }
    if status != ExitStatus.success { throw ExitCode(status) }
  }
}
