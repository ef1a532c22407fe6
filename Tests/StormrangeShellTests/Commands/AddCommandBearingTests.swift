import FoundationEssentials
import ShellTestSupport
import StormrangeDomain
import Testing

@testable import StormrangeShell


@Suite struct AddCommandBearingTests {
  private let usage = "usage: add SECONDS|DIST UNIT [at TIME] [from BEARING] [source NAME] [note TEXT]"

  @Test(arguments: [
    ("add 6 from NE", 45.0), ("add 6 from ne", 45), ("add 6 from 360", 0), ("add 6 from 0", 0),
    ("add 6 from 237.5", 237.5),
    ("add 6 from wsw", 247.5),
  ])
  func aBearingIsStoredInDegrees(line: String, degrees: Double) throws {
    let test = TestSession()
    test.runAll([line])
    #expect(try test.reloadedHistory().map { $0.bearing?.degrees } == [degrees])
  }

  @Test func atAndFromComeInEitherOrderAndTheNoteLast() throws {
    let test = TestSession()
    test.runAll([
      "add 6 at 2026-07-01T16:00:00Z from SW note over the lake",
      "add 6 from 200 at 2026-07-01T16:00:00Z note x",
    ])
    let stored = try test.reloadedHistory()
    #expect(stored.map { $0.bearing?.degrees } == [225, 200])
    #expect(stored.map(\.date) == Array(repeating: Date(timeIntervalSince1970: 1_782_921_600), count: 2))
    #expect(stored.map(\.note) == ["over the lake", "x"])
    #expect(
      test.output.text
        == "#1  2.06 km SW  (delay 6.00 s), dated 16:00:00 local, 3 min ago\n#2  2.06 km 200°  (delay 6.00 s), dated 16:00:00 local, 3 min ago\n"
    )
  }

  @Test func aNoteMayContainTheKeywords() throws {
    let test = TestSession()
    test.runAll(["add 6 note from the north at dusk"])
    let stored = try #require(try test.reloadedHistory().first)
    #expect(stored.note == "from the north at dusk")
    #expect(stored.bearing == nil)
  }

  @Test(arguments: [
    (
      "add 6 from 361",
      "'361' is not a bearing; use degrees clockwise from north (0 to 360) or a compass point: N, NNE, NE, ENE, E, ESE, SE, SSE, S, SSW, SW, WSW, W, WNW, NW, NNW"
    ),
    ("add 6 from -1", "'-1' is not a bearing; use degrees"),
    ("add 6 from nord", "'nord' is not a bearing; use degrees"),
    ("add 6 from NEE", "'NEE' is not a bearing; use degrees"),
    ("add 6 from nan", "'nan' is not a bearing; use degrees"),
    ("add 6 from", "'from' needs a BEARING; usage:"),
    ("add 6 from N from S", "'from' is given twice; usage:"),
    ("add 6 at 2026-07-01T16:00:00Z at 2026-07-01T16:00:00Z", "'at' is given twice; usage:"),
    ("add 6 from N 7", "unexpected argument '7'; usage:"),
    (
      "add 6 source as3935",
      "'source' is for a detector's range, which has a unit: e.g. add 12 km source as3935"
    ),
    ("add 6 from \u{1B}[2J", "'\\u{1B}[2J' is not a bearing"),
  ])
  func aBadBearingIsRefusedAndChangesNothing(line: String, reason: String) throws {
    let refusal = Refusal(of: line)
    #expect(refusal.failed)
    #expect(refusal.output.isEmpty)
    #expect(refusal.errors.hasPrefix("stormrange: line 1: \(reason)"))
    #expect(refusal.errors.split(separator: "\n").count == 1)
    #expect(refusal.historyUnchanged)
  }

  @Test func theFlashsBearingWinsAndTheThundersIsUsedWhenTheFlashHadNone() throws {
    let test = TestSession()
    for (flash, thunder) in [("flash NE", "thunder SW"), ("flash", "thunder 100"), ("flash", "bang")] {
      #expect(!test.run(flash))
      test.clock.advance(3)
      #expect(!test.run(thunder))
    }
    #expect(try test.reloadedHistory().map { $0.bearing?.degrees } == [45, 100, nil])
  }

  @Test func aBadBearingOnFlashOrThunderChangesNothing() throws {
    let test = TestSession()
    #expect(test.run("flash 400"))
    #expect(test.session.flash == nil)
    #expect(!test.run("flash N"))
    test.clock.advance(3)
    #expect(test.run("thunder up"))
    #expect(test.session.flash?.bearing?.degrees == 0)
    #expect(test.run("thunder N S"))
    #expect(!test.run("thunder"))
    #expect(try test.reloadedHistory().map { $0.bearing?.degrees } == [0])
  }
}
