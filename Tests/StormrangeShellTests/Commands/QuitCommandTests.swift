import ShellTestSupport
import Testing

@testable import StormrangeShell

@Suite struct QuitCommandTests {
  @Test func quitEndsTheLoop() {
    let test = TestSession()
    #expect(test.interpreter.execute(InputLine("quit", arrival: test.clock.now())).outcome == .quit)
    #expect(test.interpreter.execute(InputLine("exit", arrival: test.clock.now())).outcome == .quit)
  }
}
