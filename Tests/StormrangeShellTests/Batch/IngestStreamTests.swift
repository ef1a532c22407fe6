import FoundationEssentials
import ShellTestSupport
import StormrangeDomain
import Testing

@testable import StormrangeShell
@testable import StormrangeStore

/// `ingest` as a command: one-shot only, its flags, and its stream (issue 21).
@Suite struct IngestStreamTests {
  /// Runs `ingest` with `arguments` as one command over `lines`, each a second after the last;
  /// `between` runs after each line is taken in.
  func ingest(_ arguments: String, _ lines: [String], in test: TestSession) -> Bool {
    test.commands.ingest = { stream in
      let console = Console { stream, bytes in
        (stream == .output ? test.output : test.errors).write(String(decoding: bytes, as: UTF8.self))
        return .written
      }
      return stream.run(
        source: ArrayLineSource(lines, clock: test.clock), console: console, shouldStop: { false })
    }
    return test.run("ingest " + arguments)
  }

  @Test func itRunsOnlyAsOneCommandFromTheArguments() {
    for mode in [SessionMode.batch, .interactive] {
      let test = TestSession(mode: mode)
      test.commands.ingest = { _ in
        Issue.record("the stream ran")
        return IngestStream.Result()
      }
      #expect(test.run("ingest km"))
      #expect(test.errors.take().contains("ingest reads its messages on standard input"))
    }
  }

  @Test(arguments: [
    ("", "missing FORMAT (rtl433|tasmota|km|blitzortung|located)"),
    ("json", "'json' is not a format; use rtl433|tasmota|km"),
    ("km --source", "'--source' needs a value"),
    ("km --verbose x", "unexpected argument '--verbose'"),
    ("rtl433 --source porch", "--source is for tasmota and km"),
    ("km --sensor porch", "--sensor chooses among rtl_433's sensors"),
    ("tasmota --detector generic", "--detector is for km"),
    ("km --source as3935 --detector generic", "the source 'as3935' is an AS3935, not a generic detector"),
    ("km --detector franklin", "'franklin' is not a kind of detector"),
    ("rtl433 --sensor 'a b'", "is not a detector name"),
    ("km --source a --source b", "'--source' is given twice"),
  ])
  func badFlagsAreRefusedInOneLine(arguments: String, message: String) {
    let test = TestSession(mode: .oneShot)
    #expect(ingest(arguments, ["12"], in: test))
    let errors = test.errors.take()
    #expect(errors.contains(message), "\(errors)")
    #expect(errors.split(separator: "\n").count == 1)
  }

  @Test func readingsAreConfirmedAsAddConfirmsThemAndTheSummaryEndsTheStream() throws {
    let test = TestSession(mode: .oneShot)
    #expect(!ingest("km --source porch --detector AS3935", ["12", "far", "14"], in: test))
    #expect(test.output.take() == "#1  12.00 km  (porch)\n#2  14.00 km  (porch)\n")
    #expect(
      test.errors.take()
        == "stormrange: line 1: new sensor porch (as3935)\nstormrange: line 2: 'far' is not a distance in km\n"
        + "stormrange: porch (as3935): 2 readings, 0 repeats, 0 noise, 0 disturbers\n")
    #expect(
      try test.reloadedHistory().map(\.source) == [
        DetectorSource("porch", kind: .as3935)!, DetectorSource("porch", kind: .as3935)!,
      ])
  }

  @Test func aSummaryComesEveryTenMinutes() {
    let test = TestSession(mode: .oneShot)
    final class Lines: LineSource {
      var left: [String]
      let clock: FakeClock
      init(_ lines: [String], clock: FakeClock) {
        left = lines
        self.clock = clock
      }
      func nextLine() -> InputLine? {
        guard !left.isEmpty else { return nil }
        clock.advance(300)
        return InputLine(left.removeFirst(), arrival: clock.now())
      }
      func peekArrivedLine() -> String? { nil }
      var readFailure: Int32? { nil }
    }
    test.commands.ingest = { stream in
      let console = Console { stream, bytes in
        (stream == .output ? test.output : test.errors).write(String(decoding: bytes, as: UTF8.self))
        return .written
      }
      return stream.run(
        source: Lines(["1", "5", "6", "8", "10"], clock: test.clock), console: console, shouldStop: { false })
    }
    #expect(!test.run("ingest km"))
    let summaries = test.errors.take().split(separator: "\n").filter { $0.hasPrefix("stormrange: detector") }
    // After 10 minutes (line 2), 20 (line 4) and at the end.
    #expect(
      summaries.map { $0.split(separator: ":")[2] } == [
        " 2 readings, 0 repeats, 0 noise, 0 disturbers",
        " 4 readings, 0 repeats, 0 noise, 0 disturbers", " 5 readings, 0 repeats, 0 noise, 0 disturbers",
      ])
  }
}
