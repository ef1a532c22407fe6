import Foundation
import ShellTestSupport
import Testing

@testable import StormrangeBase
@testable import StormrangeDomain
@testable import StormrangeRendering
@testable import StormrangeShell

/// `status`, its JSON, `--exit-code`, `watch`'s lines and the summary after each measurement agree
/// on entries dated ahead of now and on a storm that is over.
@Suite struct StatusTimeSenseTests {
  /// Three measurements, then the clock set back five hours: all of them are ahead.
  func historyAhead(mode: SessionMode = .batch) -> TestSession {
    let test = TestSession(mode: mode)
    test.runAll(["add 6 at 2026-07-01T15:52:00Z", "add 6 at 2026-07-01T15:54:00Z", "add 6"])
    test.clock.advance(-5 * 3600)
    _ = test.output.take()
    return test
  }

  func json(_ test: TestSession) throws -> [String: Any] {
    test.run("status --json")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(test.output.take().utf8)) as? [String: Any])
  }

  @Test func entriesAheadAreLeftOutAndCounted() throws {
    let test = historyAhead()
    #expect(!test.run("status"))
    let nothing = test.output.take().split(separator: "\n").map(String.init)
    #expect(nothing.first?.hasPrefix("no measurements up to now") == true)
    // The clock stands at 11:03:00; the first counts from a minute before its thunder at 15:52:06.
    #expect(
      nothing.last
        == "ahead      3 entries dated ahead of now were left out: the first counts from \(local("2026-07-01T15:51:06Z")) (in 4 h 48 min)"
    )
    #expect(try json(test)["excluded_ahead"] as? Int == 3)
    test.runAll(["add 1 km"])
    _ = test.output.take()
    test.run("status")
    let text = test.output.take()
    #expect(text.hasPrefix("latest     #4  1.00 km"))
    #expect(text.contains("lightning within about 10 km in the last 30 minutes"))
    #expect(text.contains("ahead      3 entries dated ahead of now were left out"))
    let object = try json(test)
    #expect((object["latest"] as? [String: Any])?["index"] as? Int == 4)
    #expect((object["storm"] as? [String: Any])?["count"] as? Int == 1)
    #expect(object["excluded_ahead"] as? Int == 3)
  }

  @Test func theDashboardSaysSoToo() throws {
    let test = historyAhead()
    try test.session.loadHistory()
    let now = test.clock.now().wall
    let lines = WatchFrame(
      status: HistoryStatus(history: test.session.history, now: now), problem: nil, unit: .kilometres,
      repertoire: .unicode, localTime: .utc, now: now, width: 60, height: 24
    ).lines
    #expect(lines[2] == "no measurements up to now: waiting for the first one")
    #expect(lines[3] == "ahead      3 entries dated ahead of now were left out: the")
    #expect(lines[4] == "           first counts from \(local("2026-07-01T15:51:06Z")) (in 4 h 48 min)")
  }

  @Test func theSummaryAfterAMeasurementLeavesThemOutToo() {
    let test = historyAhead(mode: .interactive)
    test.run("add 1 km")
    let lines = test.output.take().split(separator: "\n")
    #expect(lines.last?.hasSuffix("shelter now, lightning within 10 km · 3 dated ahead left out") == true)
  }

  @Test func theRefusalOfThunderAfterNowShowsTheSessionsClock() {
    let test = TestSession()
    // Not the zone of any machine the tests run on: the message must take the session's.
    let zone = LocalTime(offsetFromUTC: 5 * 3600 + 45 * 60)
    test.session.localTime = zone
    let now = test.clock.now().wall
    #expect(test.run("add 300 at \(UTCTime.format(now.addingTimeInterval(50)))"))
    #expect(
      test.errors.take().contains(
        "a flash at \(zone.formatTime(now.addingTimeInterval(50))) with a delay of 300.00 s would be heard at "
          + "\(zone.formatTime(now.addingTimeInterval(350))), after now (\(zone.formatTime(now)))"))
  }

  @Test func addRefusesThunderAfterNow() throws {
    let test = TestSession()
    let now = test.clock.now().wall
    let soon = UTCTime.format(now.addingTimeInterval(50))
    #expect(test.run("add 300 at \(soon)"))
    #expect(
      test.errors.take()
        == "stormrange: line 1: the thunder of a flash at \(LocalTime.utc.formatTime(now.addingTimeInterval(50))) with a delay of 300.00 s would be heard at \(LocalTime.utc.formatTime(now.addingTimeInterval(350))), after now (\(LocalTime.utc.formatTime(now))): add it once you hear the thunder\n"
    )
    // A thunder up to a minute ahead is allowed, as is a flash: clocks disagree.
    #expect(!test.run("add 250 at \(UTCTime.format(now.addingTimeInterval(-190)))"))
    #expect(test.run("add 250 at \(UTCTime.format(now.addingTimeInterval(-189)))"))
    #expect(!test.run("add 12 km at \(UTCTime.format(now.addingTimeInterval(60)))"))
    #expect(test.run("add 12 km at \(UTCTime.format(now.addingTimeInterval(61)))"))
    #expect(try test.reloadedHistory().count == 2)
  }

  @Test func aTimeAfterNowIsNeverAgo() {
    let test = TestSession()
    let now = test.clock.now().wall
    test.runAll(["add 12 km at \(UTCTime.format(now.addingTimeInterval(40)))"])
    _ = test.output.take()
    test.run("status")
    let text = test.output.take()
    #expect(!text.contains("ago"))
    #expect(text.contains("(detector, flash at \(LocalTime.utc.formatTime(now.addingTimeInterval(40))))"))
    #expect(text.contains("lightning was detected at \(LocalTime.utc.formatTime(now.addingTimeInterval(40))); "))
  }

  @Test func aStormThatIsOverSaysSoAsOfItsLastFlash() throws {
    let test = approachingStorm()
    // The last thunder was at 15:55:17: over at 16:25:17, 29:17 after 15:56:00.
    test.clock.advance(29 * 60 + 17)
    test.run("status")
    let lines = test.output.take().split(separator: "\n").map(String.init)
    #expect(lines[1].hasPrefix("storm      4 measurements"))
    #expect(lines[2] == "           the storm is over: no thunder since \(local("2026-07-01T15:55:17Z"))")
    #expect(lines[3].hasPrefix("ranges     "))
    #expect(
      lines[4].hasPrefix(
        "trend      as of its last flash at \(local("2026-07-01T15:55:00Z")), steady: "))
    #expect(!lines[4].contains("within 10 km"))
    // Over: nothing forecast, so no chance row.
    #expect(!lines.contains { $0.hasPrefix("chance") })
    #expect(lines[5].hasPrefix("motion     as of \(local("2026-07-01T15:55:00Z")), "))
    let object = try json(test)
    #expect((object["storm"] as? [String: Any])?["over"] as? Bool == true)
    let trend = try #require(object["trend"] as? [String: Any])
    #expect(trend["as_of"] as? String == "2026-07-01T15:55:00Z")
    #expect(trend["within_10km_at"] is NSNull)
    test.clock.advance(-1)
    let before = try json(test)
    #expect((before["storm"] as? [String: Any])?["over"] as? Bool == false)
    #expect((before["trend"] as? [String: Any])?["as_of"] as? String == "2026-07-01T16:25:16Z")
  }

  @Test func watchPrintsALineWhenAnEntryAheadComesDue() throws {
    let test = historyAhead()
    try test.session.loadHistory()
    var stream = StatusStream()
    func line() -> String? {
      stream.line(
        for: HistoryStatus(history: test.session.history, now: test.clock.now().wall), historyChanged: false)
    }
    #expect(try #require(line()).contains(#""excluded_ahead": 3"#))
    let status = HistoryStatus(history: test.session.history, now: test.clock.now().wall)
    let due = try #require(status.nextChange(after: status.now))
    test.clock.advance(due.timeIntervalSince(test.clock.now().wall) - 1)
    #expect(line() == nil)
    test.clock.advance(1)
    let next = try #require(line())
    #expect(next.contains(#""excluded_ahead": 2"#) && next.contains(#""index": 1"#))
  }
}
