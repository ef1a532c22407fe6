/// Runs lines from a pipe or file: no prompt, results flushed after each command, errors labelled
/// with line numbers, exit status 1 if any command failed.
///
/// Consecutive `add` lines that have already arrived are committed together (group commit): they are
/// applied, saved with one write, and only then confirmed. Nothing is confirmed before it is on disk.
public final class BatchRunner {
  public struct Options: Sendable {
    /// Stop at the first failing command.
    public var bail = false
    /// Print each input line before its result.
    public var echo = false
    /// Most lines committed in one group.
    public var groupLimit = 20_000
    public init(bail: Bool = false, echo: Bool = false) {
      self.bail = bail
      self.echo = echo
    }
  }

  /// How a run ended.
  public struct Result: Equatable, Sendable {
    public var anyFailed = false
    /// Standard output was closed by its reader (`stormrange show | head -1`).
    public var outputClosed = false
    /// A signal asked the run to stop.
    public var stopped = false
  }

  private let interpreter: Interpreter
  private let source: LineSource
  private let options: Options
  private let output: OutputBuffer
  private let errors: OutputBuffer
  private let shouldStop: () -> Bool
  private var lineNumber = 0
  private var result = Result()

  public init(
    interpreter: Interpreter, source: LineSource, options: Options, output: OutputBuffer,
    errors: OutputBuffer, shouldStop: @escaping () -> Bool = { false }
  ) {
    self.interpreter = interpreter
    self.source = source
    self.options = options
    self.output = output
    self.errors = errors
    self.shouldStop = shouldStop
  }

  public func run() -> Result {
    // Asking before reading, too: a signal that arrived during the last command must end the run
    // now, not after another line that may never come.
    while !finished, !shouldStop(), let line = source.nextLine() {
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
    flush()
    return result
  }

  private var finished: Bool {
    result.outputClosed || (options.bail && result.anyFailed) || quitRequested
  }
  private var quitRequested = false

  private func runOne(_ line: InputLine, number: Int) {
    if options.echo { output.write(line.text + "\n") }
    if Interpreter.isBlankOrComment(line.text) { return }
    let (outcome, failed) = interpreter.execute(line, number: number)
    if failed { result.anyFailed = true }
    if outcome == .quit { quitRequested = true }
  }

  /// Applies `first` and the groupable lines already waiting behind it (`add`), saves once, then
  /// confirms them.
  private func runGroup(startingWith first: InputLine) {
    let session = interpreter.session
    let failedBefore = result.anyFailed
    var lines = [(first, lineNumber)]
    session.beginGroup()
    runOne(first, number: lineNumber)
    while lines.count < options.groupLimit, !(options.bail && result.anyFailed), !shouldStop(),
      let next = source.peekArrivedLine(), isGroupable(next), let line = source.nextLine()
    {
      lineNumber += 1
      lines.append((line, lineNumber))
      runOne(line, number: lineNumber)
    }
    do {
      try session.commitGroup()
      flush()
    } catch {
      // Nothing of the group is on disk or in memory: forget its output and run its lines one at a
      // time, so each reports its own success or failure.
      output.discardUnflushed()
      errors.discardUnflushed()
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

  private func flush() {
    errors.flush()
    if !output.flush() { result.outputClosed = true }
  }
}
