import FoundationEssentials
import TestSupport
import Testing

@testable import StormrangeBase
@testable import StormrangeDomain
@testable import StormrangeKit
@testable import StormrangePropertyList
@testable import StormrangeStore

/// A clock the test moves by hand.
final class FakeClock: SessionClock {
  var moment: Moment

  init(wall: Date = Date(timeIntervalSince1970: 1_782_921_780), monotonic: Double = 1000) {
    moment = Moment(wall: wall, monotonic: monotonic)
  }

  func now() -> Moment { moment }

  func advance(_ seconds: Double) {
    moment = Moment(wall: moment.wall.addingTimeInterval(seconds), monotonic: moment.monotonic + seconds)
  }
}

/// A session on files in a temporary directory, with its text captured, showing times in UTC.
struct TestSession {
  let directory: TemporaryDirectory
  let clock = FakeClock()
  let output = TextBuffer()
  let errors = TextBuffer()
  let interpreter: Interpreter

  init(
    mode: SessionMode = .batch, historyName: String = "history.plist",
    directory: TemporaryDirectory = TemporaryDirectory()
  ) {
    self.directory = directory
    interpreter = Interpreter(
      session: Session(
        in: directory, historyName: historyName, mode: mode, clock: clock, output: output, errors: errors))
    interpreter.session.localTime = .utc
  }

  var session: Session { interpreter.session }
  var historyPath: String { session.history.path.description }

  /// Runs `line` as if it arrived now; returns whether it failed.
  @discardableResult
  func run(_ line: String) -> Bool {
    interpreter.execute(InputLine(line, arrival: clock.now()), number: 1).failed
  }

  /// Runs each line, expecting every one to succeed.
  func runAll(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    for line in lines {
      let failed = run(line)
      #expect(!failed, "'\(line)' failed: \(errors.text)", sourceLocation: sourceLocation)
    }
  }

  /// The history as a fresh process would read it from disk.
  func reloadedHistory() throws -> [Measurement] { try historyOnDisk(at: historyPath) }
}

extension Session {
  /// A session on the history `historyName` and the settings in `directory`.
  convenience init(
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
let anotherProcessNow: @Sendable () -> Date = { Date(timeIntervalSince1970: 4_000_000_000) }

/// Appends a measurement of `delay` seconds (at 20 °C, in 1970) to the history at `path`, as another
/// process would.
func appendAsAnotherProcess(delay: Double, to path: String) throws {
  try SavedHistory(path: path, now: anotherProcessNow).append(
    Measurement(date: Date(timeIntervalSince1970: 5), delay: delay, temperature: 20))
}

/// The history at `path` as a fresh process would read it from disk.
func historyOnDisk(at path: String) throws -> [Measurement] {
  let history = SavedHistory(path: path, now: anotherProcessNow)
  try history.refresh()
  return Array(history)
}
