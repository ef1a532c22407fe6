import StormrangeBase
import StormrangeMQTT
import StormrangeProcess
import StormrangeRendering
import StormrangeShell
import StormrangeStore

#if canImport(Glibc)
  import Glibc
#endif

/// Runs stormrange in the mode chosen: one command from the arguments, a batch on standard input,
/// or the prompt. Builds the session for it from the process's flags and the storage locations, and
/// turns its result into the exit status.
struct ModeRunner {
  let locations: StorageLocations
  /// The descriptors the caller passed (see ``Session/inheritedDescriptors``).
  let inheritedDescriptors: Set<Int32>
  let bail: Bool
  let echo: Bool
  /// `--color`: decided for standard output and standard error each (see ``palette(_:for:)``).
  let colour: ColourChoice
  let clock = SystemClock()

  private func makeInterpreter(mode: SessionMode, console: Console) -> Interpreter {
    // A signal ends a wait for another process's lock (the command gives up and changes nothing)
    // and for an export's reader.
    let stop = Signals.stopCheck
    let session = Session(
      history: SavedHistory(path: locations.history, now: { clock.now().wall }, shouldStop: stop.isRequested),
      settings: SettingsStore(path: locations.settings, shouldStop: stop.isRequested),
      mode: mode, clock: clock, output: console.output, errors: console.errors)
    session.stopCheck = stop
    session.commandHistory = locations.commandHistory
    session.defaultHistory = locations.defaultHistory
    session.inheritedDescriptors = inheritedDescriptors
    session.repertoire = CharacterRepertoire.forLocale(environment: StandardStreams.environment())
    console.asciiOnly = session.repertoire == .ascii
    session.localTime = .system  // the zone `TZ` names, else /etc/localtime's
    let polling = WatchRunner.pollingAsked(environment: StandardStreams.environment())
    session.palette = Self.palette(colour, for: 1)
    session.errorPalette = Self.palette(colour, for: 2)
    return Interpreter(
      session: session,
      registry: .standard(
        watch: { status, json in
          WatchRunner(status: status, console: console, polling: polling).run(json: json)
        },
        ingest: { stream in
          // Standard input's lines, until its end or a signal, which ends the stream as its end does:
          // the signal is taken, so the command exits 0 (a stream, like a one-shot `watch`).
          let reader = FileDescriptorLineReader(descriptor: 0, clock: clock, stop: Signals.stopCheck)
          let result = stream.run(source: reader, console: console, shouldStop: { Signals.pending != 0 })
          _ = Signals.take()
          return result
        },
        mqtt: { (options, status) throws(StormrangeError) in
          let service = MQTTService(options: options, status: status, softwareVersion: Version.number)
          if options.removesHomeAssistant {
            return try HomeAssistantRemovalRunner(
              service: service, console: console, environment: StandardStreams.environment()
            ).run()
          }
          try MQTTRunner(
            service: service, console: console, polling: polling, environment: StandardStreams.environment()
          ).run()
        }))
  }

  /// `stormrange add 6.5`: one command from the arguments, same rules as a batch line (see
  /// ``InputLine/init(arguments:arrival:)``), so one that is not UTF-8 is refused rather than run with
  /// U+FFFD in place of its bytes.
  func runOneShot(_ arguments: [[UInt8]]) -> Int32 {
    let console = StandardStreams.makeConsole()
    let interpreter = makeInterpreter(mode: .oneShot, console: console)
    if isatty(0) == 1 {
      // A person typed the command and can answer: `clear` asks, as at the prompt.
      interpreter.session.confirm = { question in TerminalQuestion.ask(question, console: console) }
    }
    let input = InputLine(arguments: arguments, arrival: clock.now())
    let (outcome, failed) = interpreter.execute(input)
    interpreter.endOfInput()
    let written = interpreter.session.writeOut(console)
    return ExitStatus.ofOneShot(outcome, failed: failed, written: written, signal: Signals.take())
  }

  /// Lines from standard input: no prompt, no echo (unless --echo).
  func runBatch() -> Int32 {
    let console = StandardStreams.makeConsole()
    let interpreter = makeInterpreter(mode: .batch, console: console)
    let reader = FileDescriptorLineReader(descriptor: 0, clock: clock, stop: Signals.stopCheck)
    let runner = BatchRunner(
      interpreter: interpreter, source: reader, options: .init(bail: bail, echo: echo), console: console,
      shouldStop: { Signals.pending != 0 })
    return ExitStatus.ofBatch(runner.run(), signal: Signals.take())
  }

  /// The readline prompt.
  func runInteractive() -> Int32 {
    let console = StandardStreams.makeConsole()
    let interpreter = makeInterpreter(mode: .interactive, console: console)
    let loop = InteractiveLoop(interpreter: interpreter, historyPath: locations.commandHistory, clock: clock)
    interpreter.session.confirm = { question in loop.confirm(question) }
    return loop.run(console: console)
  }

  /// The colours for what goes to `descriptor`: only a terminal gets them, unless `--color` says.
  static func palette(_ colour: ColourChoice, for descriptor: Int32) -> Palette {
    Palette.choose(colour, isTerminal: isatty(descriptor) == 1, environment: StandardStreams.environment())
  }
}
