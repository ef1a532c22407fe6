import ShellTestSupport
import Testing

@testable import StormrangeBase
@testable import StormrangeDomain
@testable import StormrangeRendering
@testable import StormrangeShell

@Suite struct WatchFrameTests {
  func frame(_ test: TestSession, width: Int, height: Int, problem: String? = nil) -> [String] {
    try? test.session.loadHistory()
    let now = test.clock.now().wall
    return WatchFrame(
      status: problem == nil ? HistoryStatus(history: test.session.history, now: now) : nil, problem: problem,
      unit: .kilometres, repertoire: .unicode, localTime: .utc, now: now, width: width, height: height
    ).lines
  }

  @Test func showsTheStatusUnderATitleWithTheTime() {
    let test = approachingStorm()
    let lines = frame(test, width: 120, height: 12)
    #expect(lines[0] == "stormrange watch · \(local("2026-07-01T15:56:00Z")) · q or Ctrl-C to leave")
    #expect(lines[1] == "")
    #expect(lines[2].hasPrefix("latest     #4  5.83 km ± 0.15 km"))
    #expect(
      lines.contains("all clear  in 29:17 (at \(local("2026-07-01T16:25:17Z"))) if no more thunder is heard"))
    #expect(!lines.contains { $0.hasPrefix("distance (km)") })
  }

  @Test func theCountdownFollowsTheClock() {
    let test = approachingStorm()
    test.clock.advance(1)
    #expect(frame(test, width: 120, height: 12).contains { $0.hasPrefix("all clear  in 29:16 ") })
  }

  @Test func aChartWhenThereIsRoomForAllOfIt() {
    let test = approachingStorm()
    let tall = frame(test, width: 80, height: 40)
    let start = tall.firstIndex { $0.hasPrefix("distance (km)") }
    #expect(start != nil)
    #expect(tall.last?.contains("local time") == true)
    // One column short of the chart's 79 + 1, or one row short: no chart.
    #expect(!frame(test, width: 79, height: 40).contains { $0.hasPrefix("distance (km)") })
    let rows = tall.count
    #expect(!frame(test, width: 80, height: rows - 1).contains { $0.hasPrefix("distance (km)") })
  }

  @Test func linesAreWrappedToTheWidth() {
    let test = approachingStorm()
    let lines = frame(test, width: 30, height: 60)
    #expect(lines.allSatisfy { $0.count <= 29 })
    #expect(lines[2] == "latest     #4  5.83 km ± 0.15")
    #expect(lines[3] == "           km  (delay 17.00")
    #expect(frame(test, width: 0, height: 0).isEmpty)
  }

  /// Issue 17: the frame was cut at the bottom, so a short terminal lost the advice first.
  @Test(arguments: [30, 50, 79])  // 80 columns and more also have room for the chart
  func whenRowsRunOutWholeRowsGiveWayInOrderAndTheAdviceNever(width: Int) {
    let test = approachingStorm()
    let all = frame(test, width: width, height: 60)
    let advice = Array(all[all.firstIndex { $0.hasPrefix("advice ") }!...])
    #expect(advice.last?.hasPrefix("           ") == true || advice.last?.hasPrefix("all clear ") == true)
    /// The label of each row a line starts (the title's first word), but for the blank line, which
    /// goes first and comes back wherever a row that gave way leaves room.
    func labels(_ lines: [String]) -> [String] {
      lines.filter { !$0.hasPrefix(" ") && !$0.isEmpty }.map { String($0.prefix { $0 != " " }) }
    }
    let order = ["storm", "ranges", "motion", "closest", "trend", "chance", "latest", "stormrange"]
    for height in 0..<all.count {
      let lines = frame(test, width: width, height: height)
      #expect(lines.count <= height)
      guard height >= advice.count else {
        #expect(lines == Array(advice.prefix(height)))
        continue
      }
      #expect(Array(lines.suffix(advice.count)) == advice, "\(height) rows: \(lines)")
      // What gave way is the first rows of `order`; what is left keeps its order.
      let kept = labels(lines)
      let dropped = order.prefix { !kept.contains($0) }
      #expect(kept == labels(all).filter { !dropped.contains($0) }, "\(height) rows: \(lines)")
    }
  }

  @Test func theAdviceIsWrappedAtSpacesNeverCut() {
    let test = approachingStorm()
    for width in [40, 60, 80, 100] {
      let lines = frame(test, width: width, height: 60)
      #expect(lines.allSatisfy { $0.count < width })
      let start = try! #require(lines.firstIndex { $0.hasPrefix("advice ") })
      let end = try! #require(lines.firstIndex { $0.hasPrefix("all clear ") })
      let advice = lines[start..<end].map { $0.drop(while: { $0 == " " }) }.joined(separator: " ")
      #expect(advice.hasPrefix("advice     SHELTER NOW: thunder was heard"))
      #expect(advice.contains("(\(local("2026-07-01T15:55:17Z"))); when thunder roars, go indoors"))
      #expect(lines[start + 1..<end].allSatisfy { $0.hasPrefix("           ") })
    }
  }

  @Test func noMeasurementsAndAnUnreadableHistory() {
    let test = TestSession()
    #expect(frame(test, width: 80, height: 24)[2] == "no measurements yet: waiting for the first one")
    let broken = frame(test, width: 200, height: 24, problem: "the file is \u{1B}broken")
    #expect(broken[2] == "cannot read the history: the file is \\u{1B}broken")
  }
}

@Suite struct StatusStreamTests {
  @Test func aLineAtStartForChangesOnceAMinuteWhileCurrentAndTheAllClear() throws {
    let test = approachingStorm()
    var stream = StatusStream()
    func line(changed: Bool = false) -> String? {
      stream.line(
        for: HistoryStatus(history: test.session.history, now: test.clock.now().wall), historyChanged: changed
      )
    }
    try test.session.loadHistory()
    let first = try #require(line())
    #expect(first.contains(#""level": "shelter-now""#))
    test.clock.advance(30)
    #expect(line() == nil)
    #expect(line(changed: true) != nil)
    // While the storm is current its nowcast moves with time: a line at least once a minute.
    test.clock.advance(59)
    #expect(line() == nil)
    test.clock.advance(1)
    #expect(line() != nil)
    // The last thunder was at 15:55:17: all clear at 16:25:17, 1667 s after 15:56:00 + 90 s.
    test.clock.advance(1666)
    _ = line()
    test.clock.advance(1)
    let clear = try #require(line())
    #expect(clear.contains(#""level": "all-clear""#))
    #expect(
      clear
        == StatusJSON.encode(HistoryStatus(history: test.session.history, now: test.clock.now().wall)))
    #expect(line() == nil)
  }
}
