import FoundationEssentials
import TestSupport
import Testing

@testable import StormrangeBase
@testable import StormrangeDomain
@testable import StormrangeShell
@testable import StormrangeStore

/// A clock the test moves by hand.
package final class FakeClock: SessionClock {
  package var moment: Moment

  package init(wall: Date = Date(timeIntervalSince1970: 1_782_921_780), monotonic: Double = 1000) {
    moment = Moment(wall: wall, monotonic: monotonic)
  }

  package func now() -> Moment { moment }

  package func advance(_ seconds: Double) {
    moment = Moment(wall: moment.wall.addingTimeInterval(seconds), monotonic: moment.monotonic + seconds)
  }
}

/// A session on files in a temporary directory, with its text captured, showing times in UTC.
package struct TestSession {
  package let directory: TemporaryDirectory
  package let clock = FakeClock()
  package let output = TextBuffer()
  package let errors = TextBuffer()
  package let session: Session
  /// The commands its lines run: a test sets the runners of `watch` and `ingest`, or adds a command.
  package let commands = TestCommands()

  package init(
    mode: SessionMode = .batch, historyName: String = "history.plist",
    directory: TemporaryDirectory = TemporaryDirectory()
  ) {
    self.directory = directory
    session = Session(
      in: directory, historyName: historyName, mode: mode, clock: clock, output: output, errors: errors)
    session.localTime = .utc
  }

  /// An interpreter of the session with ``commands`` as they are now.
  package var interpreter: Interpreter { Interpreter(session: session, registry: commands.registry) }
  package var historyPath: String { session.historyPath.description }

  /// Runs `line` as if it arrived now; returns whether it failed.
  @discardableResult
  package func run(_ line: String) -> Bool {
    interpreter.execute(InputLine(line, arrival: clock.now()), number: 1).failed
  }

  /// Runs each line, expecting every one to succeed.
  package func runAll(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    for line in lines {
      let failed = run(line)
      #expect(!failed, "'\(line)' failed: \(errors.text)", sourceLocation: sourceLocation)
    }
  }

  /// The history as a fresh process would read it from disk.
  package func reloadedHistory() throws -> [Measurement] { try historyOnDisk(at: historyPath) }
}

extension Session {
  /// A session on the history `historyName` and the settings in `directory`.
  package convenience init(
    in directory: TemporaryDirectory, historyName: String = "history.plist", mode: SessionMode,
    clock: SessionClock, output: TextSink, errors: TextSink
  ) {
    self.init(
      history: SavedHistory(path: directory.file(historyName), now: { clock.now().wall }),
      settings: SettingsStore(path: directory.file("settings.plist")), mode: mode, clock: clock,
      output: output, errors: errors)
  }
}

/// The clock of another process reading the history: later than any date a test stores.
package let anotherProcessNow: @Sendable () -> Date = { Date(timeIntervalSince1970: 4_000_000_000) }

/// Appends a measurement of `delay` seconds (at 20 °C, in 1970) to the history at `path`, as another
/// process would.
package func appendAsAnotherProcess(delay: Double, to path: String) throws {
  try SavedHistory(path: path, now: anotherProcessNow).append(
    Measurement(date: Date(timeIntervalSince1970: 5), delay: delay, temperature: 20))
}

/// The history at `path` as a fresh process would read it from disk.
package func historyOnDisk(at path: String) throws -> [Measurement] {
  let history = SavedHistory(path: path, now: anotherProcessNow)
  try history.refresh()
  return Array(history)
}
