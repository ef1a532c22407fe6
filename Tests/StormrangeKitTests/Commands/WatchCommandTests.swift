import FoundationEssentials
import Glibc
import TestSupport
import Testing

@testable import StormrangeBase
@testable import StormrangeDomain
@testable import StormrangeKit
@testable import StormrangeStore

@Suite struct WatchCommandTests {
  @Test func handsOverToTheSessionsWatchWithOrWithoutJSON() {
    let test = approachingStorm()
    var calls: [Bool] = []
    test.session.watch = { view, json in
      #expect(view.session === test.session)
      calls.append(json)
    }
    #expect(!test.run("watch"))
    #expect(!test.run("watch --json"))
    #expect(calls == [false, true])
  }

  @Test func refusesOtherArgumentsAndRunsNowhereWithoutAWatch() {
    let test = approachingStorm()
    test.session.watch = { _, _ in Issue.record("must not watch") }
    #expect(test.run("watch --yaml"))
    #expect(test.errors.take() == "stormrange: line 1: unexpected argument '--yaml'; usage: watch [--json]\n")
    #expect(test.run("watch --json now"))
    test.session.watch = nil
    #expect(test.run("watch"))
    #expect(test.errors.take().contains("watch needs"))
  }

  /// The view `line` hands over to the session's watch.
  func watchedView(_ test: TestSession, running line: String = "watch") throws -> WatchView {
    var watched: WatchView?
    test.session.watch = { view, _ in watched = view }
    test.run(line)
    return try #require(watched)
  }

  @Test func theViewPicksUpAnotherProcesssAddAndSaysSo() throws {
    let test = approachingStorm()
    let view = try watchedView(test, running: "watch --json")
    #expect(view.jsonLine(historyChanged: false)?.contains(#""count": 4"#) == true)
    #expect(!view.reload())
    #expect(view.jsonLine(historyChanged: false) == nil)
    try SavedHistory(path: test.historyPath, now: anotherProcessNow).append(
      Measurement(date: ISO8601Time.parse("2026-07-01T15:55:40Z")!, delay: 10, temperature: 20))
    #expect(view.reload())
    #expect(view.jsonLine(historyChanged: true)?.contains(#""count": 5"#) == true)
    #expect(view.frame(width: 100, height: 24)[2].hasPrefix("latest     #5  3.43 km"))
  }

  @Test func theStatusIsComputedOnlyWhenItCanHaveChanged() throws {
    let test = approachingStorm()
    let view = try watchedView(test, running: "watch --json")
    view.reload()
    let start = test.clock.now().wall
    #expect(view.jsonLine(historyChanged: true) != nil)
    // A storm is current: its estimates at the time now are due again in a minute.
    #expect(view.nextComputation == start.addingTimeInterval(WatchView.nowcastInterval))
    test.clock.advance(30)
    // The countdown ticks from the last result, which is not computed again.
    #expect(view.frame(width: 120, height: 24).contains { $0.hasPrefix("all clear  in 28:47 ") })
    #expect(view.nextComputation == start.addingTimeInterval(60))
    test.clock.advance(30)
    #expect(view.jsonLine(historyChanged: false) == nil)  // computed again: the advice is the same
    #expect(view.nextComputation == start.addingTimeInterval(120))
    // The all-clear at 16:25:17, when lightning within 10 km drops out too: a line, then nothing is
    // due until the history changes.
    test.clock.moment = Moment(wall: ISO8601Time.parse("2026-07-01T16:25:17Z")!, monotonic: 3000)
    #expect(view.jsonLine(historyChanged: false)?.contains(#""level": "all-clear""#) == true)
    #expect(view.nextComputation == nil)
    test.clock.advance(3600)
    #expect(view.jsonLine(historyChanged: false) == nil)
  }

  @Test func aHistoryThatIsNotAFileIsAProblemForTheWatchNotAnError() throws {
    let test = TestSession()
    mkdir(test.historyPath, 0o700)
    var watched: WatchView?
    test.session.watch = { view, _ in watched = view }
    #expect(!test.run("watch --json"))
    let view = try #require(watched)
    #expect(view.reload())
    #expect(view.problem?.message.contains("it is a directory, not a file") == true)
    #expect(view.jsonLine(historyChanged: true) == nil)
    rmdir(test.historyPath)
    try SavedHistory(path: test.historyPath, now: anotherProcessNow).append(
      Measurement(date: ISO8601Time.parse("2026-07-01T15:55:40Z")!, delay: 10, temperature: 20))
    #expect(view.reload())
    #expect(view.jsonLine(historyChanged: true)?.contains(#""count": 1"#) == true)
  }

  @Test func anUnreadableHistoryIsAProblemUntilFixed() throws {
    let test = approachingStorm()
    let view = try watchedView(test)
    let saved = try #require(test.directory.bytes("history.plist"))
    try test.directory.write("history.plist", "not a plist")
    #expect(view.reload())
    #expect(view.problem != nil)
    #expect(view.jsonLine(historyChanged: true) == nil)
    #expect(view.frame(width: 200, height: 24)[2].hasPrefix("cannot read the history: "))
    try Data(saved).write(to: URL(fileURLWithPath: test.historyPath))
    #expect(view.reload())
    #expect(view.problem == nil)
  }
}
