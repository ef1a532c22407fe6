import ShellTestSupport
import StormrangeDomain
import Testing

@testable import StormrangeShell


@Suite struct EnterCommandTests {
  @Test func enterTogglesTheStopwatchOnlyAtThePrompt() throws {
    let interactive = TestSession(mode: .interactive)
    interactive.runAll([""])
    #expect(interactive.interpreter.prompt(at: interactive.clock.now()) == "stormrange [flash +0 s]> ")
    interactive.clock.advance(2)
    #expect(interactive.interpreter.prompt(at: interactive.clock.now()) == "stormrange [flash +2 s]> ")
    interactive.runAll([""])
    #expect(try interactive.reloadedHistory().map(\.delay) == [2])
    #expect(interactive.interpreter.prompt(at: interactive.clock.now()) == "stormrange> ")

    let batch = TestSession()
    batch.runAll(["", ""])
    #expect(batch.session.flash == nil)
    #expect(try batch.reloadedHistory().isEmpty)
  }
}
