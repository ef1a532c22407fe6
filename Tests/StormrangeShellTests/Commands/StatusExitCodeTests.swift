import ShellTestSupport
import Testing

@testable import StormrangeBase
@testable import StormrangeShell

@Suite struct StatusExitCodeTests {
  @Test func oneShotReturnsTheStatusOfTheAdvice() {
    let close = TestSession(mode: .oneShot)
    close.runAll(["add 12"])
    #expect(
      close.interpreter.execute(InputLine("status --exit-code", arrival: close.clock.now())).outcome
        == .exitStatus(4))
    let far = TestSession(mode: .oneShot)
    far.runAll(["add 60"])
    #expect(
      far.interpreter.execute(InputLine("status --exit-code", arrival: far.clock.now())).outcome
        == .exitStatus(3))
    far.clock.advance(1801 + 60)
    #expect(
      far.interpreter.execute(InputLine("status --exit-code", arrival: far.clock.now())).outcome
        == .exitStatus(0))
    let empty = TestSession(mode: .oneShot)
    #expect(
      empty.interpreter.execute(InputLine("status --exit-code", arrival: empty.clock.now())).outcome
        == .exitStatus(0))
  }

  @Test(arguments: [SessionMode.batch, .interactive])
  func anywhereElseItIsRefused(mode: SessionMode) {
    let test = TestSession(mode: mode)
    test.runAll(["add 12"])
    _ = test.output.take()
    let (outcome, failed) = test.interpreter.execute(
      InputLine("status --exit-code", arrival: test.clock.now()))
    #expect(failed && outcome == .proceed)
    #expect(test.output.text.isEmpty)
  }

  @Test func otherWordsAreRefused() {
    let test = TestSession(mode: .oneShot)
    #expect(test.run("status --json --json"))
    #expect(test.run("status --verbose"))
    #expect(!test.run("status --json --exit-code"))
  }
}
