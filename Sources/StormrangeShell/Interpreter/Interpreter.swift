import StormrangeRendering

/// Runs command lines against a session: the core of the REPL, the batch runner and one-shot mode,
/// usable without a terminal or a process (tests feed it lines and read its sinks).
package final class Interpreter {
  package let session: Session
  package let registry: CommandRegistry

  package init(session: Session, registry: CommandRegistry) {
    self.session = session
    self.registry = registry
  }

  /// Whether a line would be skipped in a batch: blank, or a `#` comment.
  static func isBlankOrComment(_ text: String) -> Bool {
    let trimmed = text.drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" })
    return trimmed.isEmpty || trimmed.first == "#"
  }

  /// Runs one line; errors are reported on the session's error sink. Returns what the loop should do
  /// and whether the command failed.
  @discardableResult
  package func execute(_ line: InputLine, number: Int = 0) -> (outcome: Outcome, failed: Bool) {
    session.lineNumber = number
    session.currentLine = line
    do {
      return (try run(line), false)
    } catch {
      session.report(error)
      return (.proceed, true)
    }
  }

  private func run(_ line: InputLine) throws(StormrangeError) -> Outcome {
    guard !line.isTooLong else { throw .lineTooLong }
    // A one-shot command's arguments may hold bytes that are not UTF-8 in a PATH: checked below.
    guard line.isValidUTF8 || line.argumentBytes != nil else { throw .invalidEncoding }
    var text = line.text
    // A script saved with CRLF line ends; a one-shot command's arguments have no line end.
    if line.argumentOffsets == nil, text.hasSuffix("\r") { text.removeLast() }
    guard
      let arguments = CommandArguments(
        text, argumentOffsets: line.argumentOffsets, argumentBytes: line.argumentBytes,
        argumentByteOffsets: line.argumentByteOffsets)
    else {
      return try registry.emptyLine.run(CommandArguments.none, in: session)
    }
    let command = registry.command(named: arguments.commandName)
    if !line.isValidUTF8 {
      guard let command, command.takesBytes(in: arguments) else { throw .argumentsNotUTF8 }
    }
    if arguments.commandName.first == "#" { return .proceed }
    guard let command else {
      let name = String(arguments.commandName)
      throw .unknownCommand(name, suggestions: CommandRegistry.closest(to: name, among: registry.commands))
    }
    if command.historyAccess == .reads { try session.loadHistory() }
    return try command.run(arguments, in: session)
  }

  /// Whether `text` runs a command that may be saved in a group with the lines around it.
  package func commitsInGroups(_ text: String) -> Bool {
    guard let arguments = CommandArguments(text) else { return false }
    return registry.command(named: arguments.commandName)?.commitsInGroups ?? false
  }

  /// Cancels a running stopwatch (Ctrl-C); says so and returns true if one was running.
  @discardableResult
  package func cancelStopwatch() -> Bool {
    session.cancelStopwatch()
  }

  /// The input is over (a batch ended, a one-shot command ran): a flash still being timed will have
  /// no thunder, and is warned about.
  package func endOfInput() {
    session.abandonStopwatch()
  }

  /// The prompt: `stormrange> `, or `stormrange [flash +3 s]> ` while the stopwatch runs, its bracket
  /// in yellow when the palette colours (the line editor tells readline those escapes take no column).
  package func prompt(at moment: Moment) -> String {
    guard let flash = session.flash else { return "stormrange> " }
    let seconds = Int(max(0, moment.monotonic - flash.moment.monotonic))
    return "stormrange " + session.palette.paint("[flash +\(seconds) s]", as: .caution) + "> "
  }

  /// Completions for `word`, the word being typed after the text `before` it: command names first,
  /// then each command's fixed arguments (units, setting names).
  package func completions(before: String, word typed: String) -> [String] {
    let previous = CommandArguments.words(of: before).map(String.init)
    return registry.completions(after: previous, typing: typed)
  }
}
