import FoundationEssentials
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
