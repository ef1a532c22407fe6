import StormrangeKit
import StormrangeStore

#if canImport(Glibc)
  import Glibc
#endif

/// Builds a session for the chosen mode and turns its result into an exit status.
struct SessionLauncher {
  let locations: StorageLocations
  let bail: Bool
  let echo: Bool
  let clock = SystemClock()

  private func makeInterpreter(mode: SessionMode, output: OutputBuffer, errors: OutputBuffer) -> Interpreter {
    let session = Session(
      history: SavedHistory(path: locations.history), settings: SettingsStore(path: locations.settings),
      mode: mode, clock: clock, output: output, errors: errors)
    session.repertoire = CharacterRepertoire.forLocale(environment: StandardStreams.environment())
    return Interpreter(session: session)
  }

  /// `stormrange add 6.5`: one command, same rules as a batch line, so one that is not UTF-8 is
  /// refused rather than run with U+FFFD in place of its bytes.
  func runOneShot(_ line: [UInt8]) -> Int32 {
    let output = StandardStreams.makeOutput()
    let errors = StandardStreams.makeErrors()
    let interpreter = makeInterpreter(mode: .oneShot, output: output, errors: errors)
    let text = String(validating: line, as: UTF8.self)
    let input = InputLine(
      text ?? String(decoding: line, as: UTF8.self), arrival: clock.now(), isValidUTF8: text != nil)
    let (_, failed) = interpreter.execute(input)
    errors.flush()
    output.flush()
    return failed ? 1 : 0
  }

  /// Lines from standard input: no prompt, no echo (unless --echo).
  func runBatch() -> Int32 {
    let output = StandardStreams.makeOutput()
    let errors = StandardStreams.makeErrors()
    let interpreter = makeInterpreter(mode: .batch, output: output, errors: errors)
    let reader = FileDescriptorLineReader(
      descriptor: 0, clock: clock, shouldStop: { Signals.pending != 0 }, wake: Signals.wakeDescriptor)
    let runner = BatchRunner(
      interpreter: interpreter, source: reader, options: .init(bail: bail, echo: echo), output: output,
      errors: errors, shouldStop: { Signals.pending != 0 })
    let result = runner.run()
    if result.stopped, Signals.pending != 0 { return Signals.exitStatus(for: Signals.take()) }
    if result.outputClosed { return 141 }  // as if killed by SIGPIPE, but after a whole command
    return result.anyFailed ? 1 : 0
  }

  /// The readline prompt.
  func runInteractive() -> Int32 {
    let output = StandardStreams.makeOutput()
    let errors = StandardStreams.makeErrors()
    let interpreter = makeInterpreter(mode: .interactive, output: output, errors: errors)
    let shell = ReadlineShell(interpreter: interpreter, historyPath: locations.commandHistory, clock: clock)
    interpreter.session.confirm = { question in shell.confirm(question) }
    return shell.run(output: output, errors: errors)
  }
}
