import ShellTestSupport
import TestSupport
import Testing

@testable import StormrangeShell

/// JSON is data for scripts: every `--json` goes through the exact writer, which never puts ASCII
/// stand-ins in for `±` or `°` outside a UTF-8 locale, as the writer of text for people does.
@Suite struct JSONOutputTests {
  /// A sink that remembers which writer each piece of text went through.
  final class WriterSpy: TextSink {
    var forPeople = ""
    var exact = ""
    func write(_ text: String) { forPeople += text }
    func writeExactly(_ text: String) { exact += text }
  }

  @Test(arguments: ["status --json", "show --json", "stats --json", "export json", "export csv"])
  func goesOutExactly(command: String) {
    let directory = TemporaryDirectory()
    let clock = FakeClock()
    let setup = Interpreter(
      session: Session(in: directory, mode: .batch, clock: clock, output: TextBuffer(), errors: TextBuffer()),
      registry: .shell)
    _ = setup.execute(InputLine("add 5 note 20 °C ± 1", arrival: clock.now()), number: 1)
    let output = WriterSpy()
    let interpreter = Interpreter(
      session: Session(in: directory, mode: .batch, clock: clock, output: output, errors: TextBuffer()),
      registry: .shell)
    #expect(!interpreter.execute(InputLine(command, arrival: clock.now()), number: 1).failed)
    #expect(output.forPeople == "")
    #expect(!output.exact.isEmpty)
  }
}
