import StormrangeBase

/// Runs lines from a pipe or file: no prompt, results flushed after each command, errors labelled
/// with line numbers, exit status 1 if any command failed or the input could not be read. A batch
/// that ends with a flash still timed warns that nothing was recorded for it.
///
/// Consecutive lines of a command that commits in groups (`add`) that have already arrived are
/// committed together (group commit): they are applied, saved with one write, and only then
/// confirmed. Nothing is confirmed before it is on disk. A failing line ends its group, so the
/// group's confirmations come out before that line's error, in the order of the input.
package final class BatchRunner {
  package struct Options: Sendable {
    /// Stop at the first failing command.
    package var bail = false
    /// Print each input line before its result.
    package var echo = false
    /// Most lines committed in one group.
    var groupLimit = 20_000
    package init(bail: Bool = false, echo: Bool = false) {
      self.bail = bail
      self.echo = echo
    }
  }

  /// How a run ended.
  package struct Result: Equatable, Sendable {
    package var anyFailed = false
    /// Standard output could not be written: its reader went away (`stormrange show | head -1`,
    /// a quiet end), or writing failed (a full disk), which the run has reported on standard error.
    package var outputFailure: Console.WriteResult?
    /// A signal asked the run to stop (and may have cut off output that was blocked).
    package var stopped = false
  }

  private let interpreter: Interpreter
  private let source: LineSource
  private let options: Options
  private let console: Console
  private let shouldStop: () -> Bool
  private var lineNumber = 0
  private var result = Result()

  package init(
    interpreter: Interpreter, source: LineSource, options: Options, console: Console,
    shouldStop: @escaping () -> Bool = { false }
  ) {
    self.interpreter = interpreter
    self.source = source
    self.options = options
    self.console = console
    self.shouldStop = shouldStop
  }

  package func run() -> Result {
    // Asking before reading, too: a signal that arrived during the last command must end the run
    // now, not after another line that may never come.
    var inputEnded = false
    while !finished, !shouldStop() {
      guard let line = source.nextLine() else {
        inputEnded = true
        break
      }
      lineNumber += 1
      if shouldStop() {
        result.stopped = true
        break
      }
      if interpreter.commitsInGroups(line.text), let next = source.peekArrivedLine(), isGroupable(next) {
        runGroup(startingWith: line)
      } else {
        runOne(line, number: lineNumber)
        flush()
      }
    }
    if shouldStop() { result.stopped = true }
    if !result.stopped, result.outputFailure == nil { end(inputEnded: inputEnded) }
    flush()
    return result
  }

  /// The batch ends by itself (not by a signal, nor with its output failed): a read that failed
  /// is reported, and a flash left without its thunder is warned about.
  private func end(inputEnded: Bool) {
    if inputEnded, let code = source.readFailure {
      result.anyFailed = true
      interpreter.session.report(.inputFailed(code: code, linesRead: lineNumber), ofLine: false)
    }
    interpreter.endOfInput()
  }

  private var finished: Bool {
    result.outputFailure != nil || result.stopped || (options.bail && result.anyFailed) || quitRequested
  }
  private var quitRequested = false

  /// Runs one line; returns whether it failed.
  @discardableResult
  private func runOne(_ line: InputLine, number: Int) -> Bool {
    if options.echo { console.output.write(line.text.escapedForEcho + "\n") }
    if !line.isTooLong, Interpreter.isBlankOrComment(line.text) { return false }
    let (outcome, failed) = interpreter.execute(line, number: number)
    if failed { result.anyFailed = true }
    if outcome == .quit { quitRequested = true }
    return failed
  }

  /// Applies `first` and the groupable lines already waiting behind it, up to and including the
  /// first that fails, saves once, then confirms them.
  private func runGroup(startingWith first: InputLine) {
    let session = interpreter.session
    let failedBefore = result.anyFailed
    var lines = [(first, lineNumber)]
    session.beginGroup()
    var lineFailed = runOne(first, number: lineNumber)
    while !lineFailed, lines.count < options.groupLimit, !shouldStop(),
      let next = source.peekArrivedLine(), isGroupable(next), let line = source.nextLine()
    {
      lineNumber += 1
      lines.append((line, lineNumber))
      lineFailed = runOne(line, number: lineNumber)
    }
    do {
      try session.commitGroup()
      flush()
    } catch {
      // Nothing of the group is on disk or in memory: forget its output and run its lines one at a
      // time, so each reports its own success or failure.
      console.discardUnflushed()
      result.anyFailed = failedBefore
      for (line, number) in lines where !finished {
        runOne(line, number: number)
        flush()
      }
    }
  }

  private func isGroupable(_ text: String) -> Bool {
    interpreter.commitsInGroups(text) || Interpreter.isBlankOrComment(text)
  }

  /// Writes what the lines so far produced; a failed standard output ends the run, with one line on
  /// standard error (naming what was saved but not confirmed) unless its reader simply went away,
  /// and so does a signal that arrived while it was blocked.
  private func flush() {
    guard result.outputFailure == nil else {
      console.flush()  // only errors are written now
      return
    }
    source.observeInputBeforeResults()
    // Labelled with the line whose output failed, which may be an echoed blank or comment line.
    interpreter.session.lineNumber = lineNumber
    switch interpreter.session.writeOut(console, linesLeft: true) {
    case .written: break
    case .interrupted: result.stopped = true
    case .closed: result.outputFailure = .closed
    case let failure:
      result.anyFailed = true
      result.outputFailure = failure
    }
  }
}
