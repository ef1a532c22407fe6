import FoundationEssentials
import Glibc
import ShellTestSupport
import StormrangeDomain
import Testing

@testable import StormrangeShell
@testable import StormrangeStore

/// `ingest blitzortung|located` as a command: the location it needs, its flags, and groups added
/// and then updated in place while other processes change the history (issue 32).
@Suite struct LocatedIngestStreamTests {
  /// Lines that arrive one at a time, each a second after the last, so that each is saved on its
  /// own; `before(n)` runs before line n (from 1) is read: another process's change.
  final class SteppedLines: LineSource {
    private var lines: [String]
    private let clock: FakeClock
    private let before: (Int) -> Void
    private var taken = 0

    init(_ lines: [String], clock: FakeClock, before: @escaping (Int) -> Void = { _ in }) {
      self.lines = lines
      self.clock = clock
      self.before = before
    }

    func nextLine() -> InputLine? {
      guard !lines.isEmpty else { return nil }
      taken += 1
      before(taken)
      clock.advance(1)
      return InputLine(lines.removeFirst(), arrival: clock.now())
    }

    func peekArrivedLine() -> String? { nil }
    var readFailure: Int32? { nil }
  }

  /// A Blitzortung message dated `seconds` after the test clock's start.
  func strike(_ test: TestSession, _ seconds: Double, _ latitude: Double, _ longitude: Double = -0.12)
    -> String
  {
    let nanoseconds = Int64((test.clock.now().wall.timeIntervalSince1970 + seconds) * 1e9)
    return #"{"time":\#(nanoseconds),"lat":\#(latitude),"lon":\#(longitude),"status":0,"region":1}"#
  }

  /// Runs `ingest arguments` as one command over `lines`.
  func ingest(
    _ arguments: String, _ lines: [String], in test: TestSession, before: @escaping (Int) -> Void = { _ in }
  ) -> Bool {
    ingest(arguments, from: SteppedLines(lines, clock: test.clock, before: before), in: test)
  }

  /// Runs `ingest arguments` as one command over what `source` gives.
  func ingest(_ arguments: String, from source: LineSource, in test: TestSession) -> Bool {
    test.commands.ingest = { stream in
      let console = Console { stream, bytes in
        (stream == .output ? test.output : test.errors).write(String(decoding: bytes, as: UTF8.self))
        return .written
      }
      return stream.run(source: source, console: console, shouldStop: { false })
    }
    return test.run("ingest " + arguments)
  }

  /// A one-shot session with a location set, 51.5 N 0.12 W.
  func located() -> TestSession {
    let setUp = TestSession()
    setUp.runAll(["set location 51.5 -0.12"])
    return TestSession(mode: .oneShot, directory: setUp.directory)
  }

  @Test func withoutALocationItStopsWithOneLineThatSaysWhatToRun() {
    let test = TestSession(mode: .oneShot)
    test.commands.ingest = { _ in
      Issue.record("the stream ran")
      return IngestStream.Result()
    }
    #expect(test.run("ingest blitzortung"))
    #expect(
      test.errors.take()
        == "stormrange: blitzortung strikes are measured from where you are, and no location is set: run "
        + "'stormrange set location LAT LON' first, in decimal degrees (e.g. set location 51.4779 -0.0015)\n")
    #expect(access(test.historyPath, F_OK) != 0)
  }

  @Test(arguments: [
    (
      "blitzortung --sensor porch", "--sensor is for detectors; blitzortung reads a network's located strikes"
    ),
    ("located --detector generic", "--detector is for detectors; located reads a network's located strikes"),
    (
      "blitzortung --source as3935",
      "--source as3935 names an AS3935 chip, not a network; name the network otherwise"
    ),
    ("blitzortung --source a/b", "is not a detector name"),
  ])
  func badFlagsAreRefusedInOneLine(arguments: String, message: String) {
    let test = located()
    #expect(ingest(arguments, [strike(test, 0, 51.6)], in: test))
    let errors = test.errors.take()
    #expect(errors.contains(message), "\(errors)")
    #expect(errors.split(separator: "\n").count == 1)
  }

  @Test func aGroupIsConfirmedWhenItOpensAndUpdatedInPlaceByItsLaterStrikes() throws {
    let test = located()
    let lines = [
      strike(test, 0, 51.68), strike(test, 1, 51.69), strike(test, 2, 51.55, -0.3), strike(test, 3, 51.685),
    ]
    #expect(!ingest("blitzortung --source net1", lines, in: test))
    #expect(test.output.take() == "#1  20.03 km N  (net1, 1 strike)\n#2  13.68 km 294.1°  (net1, 1 strike)\n")
    #expect(test.errors.take() == "stormrange: net1 (located): 4 strikes, 4 recorded in 2 groups\n")
    let history = try test.reloadedHistory()
    #expect(history.map { $0.fix?.strikes } == [3, 1])
    #expect(history.map { $0.source?.name } == ["net1", "net1"])
    #expect(abs(try #require(history[0].fix).position.latitude - 51.685) < 1e-9)
  }

  @Test func anotherProcesssAddDoesNotStopTheOpenEntryBeingUpdated() throws {
    let test = located()
    let other = TestSession(directory: test.directory)
    let lines = [strike(test, 0, 51.68), strike(test, 1, 51.69)]
    #expect(!ingest("blitzortung", lines, in: test, before: { if $0 == 2 { other.runAll(["add 5 km"]) } }))
    let history = try test.reloadedHistory()
    #expect(history.map { $0.fix?.strikes } == [2, nil])
  }

  @Test func aGroupClearedWhileItGathersStartsAgainFromItsNextStrike() throws {
    let test = located()
    let other = TestSession(directory: test.directory)
    let lines = [strike(test, 0, 51.68), strike(test, 1, 51.69), strike(test, 2, 51.685)]
    #expect(!ingest("blitzortung", lines, in: test, before: { if $0 == 2 { other.runAll(["clear --yes"]) } }))
    // The cleared strike does not come back: the next two make a group of their own.
    let history = try test.reloadedHistory()
    #expect(history.map { $0.fix?.strikes } == [2])
    #expect(test.output.take().split(separator: "\n").count == 2)
  }

  @Test func aLineTooLongIsAFaultOfItsOwnWarnedOnceAndCounted() {
    let test = located()
    let lines = ArrayLineSource(["x", "y", strike(test, 0, 51.68)], clock: test.clock, tooLong: [1, 2])
    #expect(!ingest("blitzortung", from: lines, in: test))
    let errors = test.errors.take().split(separator: "\n")
    #expect(errors.count == 2, "\(errors)")
    #expect(
      errors.first.map(String.init)
        == "stormrange: line 1: the message is longer than 4 MiB (4,194,304 bytes); later messages with this "
        + "fault are counted, not shown")
    #expect(
      errors.last?.hasSuffix("1 strike, 1 recorded in 1 group; 2 messages refused (2 too long)") == true)
  }

  @Test func standardInputThatCannotBeReadIsAnErrorNotAnEmptyFeed() {
    let test = located()
    #expect(
      ingest("blitzortung", from: ArrayLineSource([], clock: test.clock, readFailure: EISDIR), in: test))
    #expect(
      test.errors.take().hasSuffix(
        "stormrange: cannot read standard input: Is a directory; give ingest its messages on a pipe or from a "
          + "file (rtl_433 -F json | stormrange ingest rtl433)\n"))
  }

  @Test func anOpenEntryIsNotDeletedUntilItsMinuteIsOver() throws {
    let test = located()
    #expect(!ingest("blitzortung", [strike(test, 0, 51.68)], in: test))
    let prompt = TestSession(directory: test.directory)
    prompt.clock.moment = test.clock.now()
    prompt.runAll(["show"])
    #expect(prompt.run("delete 1"))
    #expect(
      prompt.errors.take().contains(
        "#1 is a located group still gathering strikes until 16:04:01, and ingest or mqtt may update it until "
          + "then; delete it after that"))
    #expect(try test.reloadedHistory().count == 1)
    prompt.clock.advance(61)
    prompt.runAll(["delete 1"])
    #expect(try test.reloadedHistory().isEmpty)
  }
}
