import FoundationEssentials
import Glibc
import ShellTestSupport
import TestSupport
import Testing

@testable import StormrangeBase
@testable import StormrangeDomain
@testable import StormrangeShell
@testable import StormrangeStore

@Suite struct WatchCommandTests {
  @Test func handsOverToTheSessionsWatchWithOrWithoutJSON() {
    let test = approachingStorm()
    var calls: [Bool] = []
    test.commands.watch = { status, json in
      #expect(status.session === test.session)
      calls.append(json)
    }
    #expect(!test.run("watch"))
    #expect(!test.run("watch --json"))
    #expect(calls == [false, true])
  }

  @Test func refusesOtherArgumentsAndRunsNowhereWithoutAWatch() {
    let test = approachingStorm()
    test.commands.watch = { _, _ in Issue.record("must not watch") }
    #expect(test.run("watch --yaml"))
    #expect(test.errors.take() == "stormrange: line 1: unexpected argument '--yaml'; usage: watch [--json]\n")
    #expect(test.run("watch --json now"))
    test.commands.watch = nil
    #expect(test.run("watch"))
    #expect(test.errors.take().contains("watch needs"))
  }
}
