import ShellTestSupport
import TestSupport
import Testing

@testable import StormrangeDomain
@testable import StormrangeShell

/// `add DIST UNIT …`: a range from a lightning detector.
@Suite struct AddCommandDetectorTests {
  @Test(arguments: [
    ("add 12 km", 12_000.0), ("add 800 m", 800), ("add 5 mi", 8046.72), ("add 3 nmi", 5556),
    ("add 20000 ft", 6096),
  ])
  func aDistanceWithAUnitIsADetectorsReadingDatedNow(line: String, metres: Double) throws {
    let test = TestSession()
    test.runAll([line])
    let stored = try #require(try test.reloadedHistory().first)
    #expect(abs(stored.distance - metres) < 1e-9)
    #expect(stored.delay == nil)
    #expect(stored.source?.name == "detector")
    #expect(stored.date == test.clock.now().wall)
  }

  @Test func everyPartInAnyOrder() throws {
    let test = TestSession()
    test.runAll([
      "add 14 km source as3935 from 250 at 2026-07-01T16:00:00Z note first strike",
      "add 10 km at 2026-07-01T16:01:00Z source AS3935 from E",
    ])
    let stored = try test.reloadedHistory()
    #expect(stored.map(\.distance) == [14_000, 10_000])
    #expect(stored.map { $0.source?.name } == ["as3935", "AS3935"])
    #expect(stored.map { $0.bearing?.degrees } == [250, 90])
    #expect(stored.map(\.note) == ["first strike", nil])
    #expect(
      test.output.text
        == "#1  14.00 km 250°  (as3935), dated 16:00:00 local, 3 min ago\n"
        + "#2  10.00 km E  (AS3935), dated 16:01:00 local, 2 min ago\n")
  }

  @Test(arguments: [
    (
      "add 11 km source as3935",
      "11 km is not a distance an AS3935 reports; its steps are 1, 5, 6, 8, 10, 12, 14, 17, 20, 24, 27, 31, 34, 37, 40 km"
    ),
    ("add 6.2137 mi source as3935", "6.2137 mi is not a distance an AS3935 reports"),
    ("add 0 km", "a detector's distance must be more than 0, not '0 km'"),
    ("add -3 km", "a detector's distance must be more than 0, not '-3 km'"),
    (
      "add 113 km", "a distance of 113 km is too far: stormrange accepts at most 111.95 km (300 s of thunder)"
    ),
    ("add 111.96 km", "a distance of 111.96 km is too far: stormrange accepts at most 111.95 km"),
    (
      "add 69.57 mi",
      "a distance of 69.57 mi is too far: stormrange accepts at most 69.56 mi (300 s of thunder)"
    ),
    ("add 6 km source note x", "'source' needs a NAME, not the keyword 'note'"),
    ("add 6 km source at 2026-07-01T16:00:00Z", "'source' needs a NAME, not the keyword 'at'"),
    ("add 6 from note", "'from' needs a BEARING, not the keyword 'note'"),
    ("add 12 km source two words", "unexpected argument 'words'"),
    (
      "add 12 km source a/b",
      "'a/b' is not a detector name; use 1 to 32 letters, digits, '-', '_' or '.', e.g. as3935"
    ),
    ("add 12 km source \(String(repeating: "x", count: 33))", "is not a detector name"),
    ("add 12 km source", "'source' needs a NAME"),
    ("add 12 km source a source b", "'source' is given twice"),
    ("add 6 km SOURCE Note x", "'source' needs a NAME, not the keyword 'Note'"),
    ("add 12 from N km", "unexpected argument 'km' (a unit goes right after the number)"),
    ("add 12 km note \u{7}", "the note contains the control character U+0007"),
  ])
  func aBadReadingIsRefusedAndChangesNothing(line: String, reason: String) throws {
    let refusal = Refusal(of: line)
    #expect(refusal.failed)
    #expect(refusal.output.isEmpty)
    #expect(refusal.errors.hasPrefix("stormrange: line 1: "))
    #expect(refusal.errors.contains(reason))
    #expect(refusal.historyUnchanged)
  }

  @Test func aDetectorsReadingIsStoredWithoutTimingKeys() throws {
    let test = TestSession()
    test.runAll(["add 10 km source as3935 from NE"])
    let text = String(decoding: try #require(test.directory.bytes("history.plist")), as: UTF8.self)
    #expect(text.contains("<key>source</key>\n\t\t<string>as3935</string>"))
    #expect(text.contains("<key>bearing</key>\n\t\t<real>45.0</real>"))
    for key in ["delay", "temperature", "speedOfSound"] { #expect(!text.contains("<key>\(key)</key>")) }
  }

  @Test func showPrintsTheBearingTheSourceAndADashForNoDelay() throws {
    let test = TestSession()
    test.runAll([
      "add 6 at 2026-07-01T16:00:00Z", "add 10 km source as3935 from NE at 2026-07-01T16:01:00Z note x",
    ])
    _ = test.output.take()
    test.runAll(["show"])
    let lines = test.output.take().split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0].hasSuffix("delay    distance  bearing  source  note"))
    #expect(lines[1].hasSuffix("6.00 s     2.06 km"))
    #expect(lines[2].hasSuffix("     —    10.00 km       NE  as3935  x"))
    test.runAll(["show 1"])
    // Only the columns the listed measurements use.
    #expect(
      test.output.take().hasPrefix("#  date                    delay    distance  bearing  source  note\n"))
    test.runAll(["delete 2", "show"])
    #expect(test.output.take().contains("#  date                    delay    distance  note\n"))
  }
}
