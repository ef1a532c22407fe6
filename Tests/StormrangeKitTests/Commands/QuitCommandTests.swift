import Testing

@testable import StormrangeKit

@Suite struct QuitCommandTests {
  @Test func quitEndsTheLoop() {
    let test = TestSession()
    #expect(test.interpreter.execute(InputLine("quit", arrival: test.clock.now())).outcome == .quit)
    #expect(test.interpreter.execute(InputLine("exit", arrival: test.clock.now())).outcome == .quit)
  }
}
