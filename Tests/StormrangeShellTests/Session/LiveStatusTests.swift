import FoundationEssentials
import Glibc
import ShellTestSupport
import TestSupport
import Testing

@testable import StormrangeBase
@testable import StormrangeDomain
@testable import StormrangeShell
@testable import StormrangeStore

@Suite struct LiveStatusTests {
  /// The live status `line` hands over to the session's watch.
  func liveStatus(_ test: TestSession, running line: String = "watch") throws -> LiveStatus {
    var watched: LiveStatus?
    test.commands.watch = { live, _ in watched = live }
    test.run(line)
    return try #require(watched)
  }

  @Test func picksUpAnotherProcesssAddAndSaysSo() throws {
    let test = approachingStorm()
    let live = try liveStatus(test, running: "watch --json")
    #expect(live.jsonLine(historyChanged: false)?.contains(#""count": 4"#) == true)
    #expect(!live.reload())
    #expect(live.jsonLine(historyChanged: false) == nil)
    try SavedHistory(path: test.historyPath, now: anotherProcessNow).append(
      Measurement(date: ISO8601Time.parse("2026-07-01T15:55:40Z")!, delay: 10, temperature: 20))
    #expect(live.reload())
    #expect(live.jsonLine(historyChanged: true)?.contains(#""count": 5"#) == true)
    #expect(live.frame(width: 100, height: 24)[2].hasPrefix("latest     #5  3.43 km"))
  }

  @Test func theStatusIsComputedOnlyWhenItCanHaveChanged() throws {
    let test = approachingStorm()
    let live = try liveStatus(test, running: "watch --json")
    live.reload()
    let start = test.clock.now().wall
    #expect(live.jsonLine(historyChanged: true) != nil)
    // A storm is current: its estimates at the time now are due again in a minute.
    #expect(live.nextComputation == start.addingTimeInterval(LiveStatus.nowcastInterval))
    test.clock.advance(30)
    // The countdown ticks from the last result, which is not computed again.
    #expect(live.frame(width: 120, height: 24).contains { $0.hasPrefix("all clear  in 28:47 ") })
    #expect(live.nextComputation == start.addingTimeInterval(60))
    test.clock.advance(30)
    // Computed again, and printed: the nowcast moves with time while the storm is current.
    #expect(live.jsonLine(historyChanged: false) != nil)
    #expect(live.jsonLine(historyChanged: false) == nil)
    #expect(live.nextComputation == start.addingTimeInterval(120))
    // The all-clear at 16:25:17, when lightning within 10 km drops out too: a line, then nothing is
    // due until the history changes.
    test.clock.moment = Moment(wall: ISO8601Time.parse("2026-07-01T16:25:17Z")!, monotonic: 3000)
    #expect(live.jsonLine(historyChanged: false)?.contains(#""level": "all-clear""#) == true)
    #expect(live.nextComputation == nil)
    test.clock.advance(3600)
    #expect(live.jsonLine(historyChanged: false) == nil)
  }

  @Test func aHistoryThatIsNotAFileIsAProblemForTheWatchNotAnError() throws {
    let test = TestSession()
    mkdir(test.historyPath, 0o700)
    var watched: LiveStatus?
    test.commands.watch = { live, _ in watched = live }
    #expect(!test.run("watch --json"))
    let live = try #require(watched)
    #expect(live.reload())
    #expect(live.problem?.message.contains("it is a directory, not a file") == true)
    #expect(live.jsonLine(historyChanged: true) == nil)
    rmdir(test.historyPath)
    try SavedHistory(path: test.historyPath, now: anotherProcessNow).append(
      Measurement(date: ISO8601Time.parse("2026-07-01T15:55:40Z")!, delay: 10, temperature: 20))
    #expect(live.reload())
    #expect(live.jsonLine(historyChanged: true)?.contains(#""count": 1"#) == true)
  }

  @Test func anUnreadableHistoryIsAProblemUntilFixed() throws {
    let test = approachingStorm()
    let live = try liveStatus(test)
    let saved = try #require(test.directory.bytes("history.plist"))
    try test.directory.write("history.plist", "not a plist")
    #expect(live.reload())
    #expect(live.problem != nil)
    #expect(live.jsonLine(historyChanged: true) == nil)
    #expect(live.frame(width: 200, height: 24)[2].hasPrefix("cannot read the history: "))
    try Data(saved).write(to: URL(fileURLWithPath: test.historyPath))
    #expect(live.reload())
    #expect(live.problem == nil)
  }
}
