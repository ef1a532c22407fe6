import FoundationEssentials
import ShellTestSupport
import StormrangeDomain
import Testing

@testable import StormrangeShell


@Suite struct AddCommandTests {
  @Test func addPrintsOneConfirmationLine() throws {
    let test = TestSession()
    test.runAll(["add 6"])
    #expect(test.output.text == "#1  2.06 km  (delay 6.00 s)\n")
    #expect(test.errors.text.isEmpty)
    #expect(try test.reloadedHistory().map(\.delay) == [6])
  }

  @Test func addWithTimeAndNote() throws {
    let test = TestSession()
    test.runAll(["add 12 at 2026-07-01T18:03:00+02:00 note over  the lake "])
    let stored = try #require(try test.reloadedHistory().first)
    #expect(stored.date == Date(timeIntervalSince1970: 1_782_921_780))
    #expect(stored.note == "over  the lake ")
  }

  @Test func aLongDelayIsRecordedWithAWarning() throws {
    let test = TestSession()
    test.runAll(["add 80"])
    #expect(
      test.errors.text
        == "stormrange: line 1: warning: a delay of 80.0 s is unusual: thunder is rarely heard beyond about 25 km (75 s)\n"
    )
    #expect(test.output.text == "#1  27.46 km  (delay 80.00 s)\n")
    #expect(try test.reloadedHistory().map(\.delay) == [80])
  }

  @Test(arguments: [
    (
      "add",
      "missing SECONDS; usage: add SECONDS|DIST UNIT [at TIME] [from BEARING] [source NAME] [detector KIND] [note TEXT]"
    ),
    ("add x", "'x' is not a number of seconds; e.g. add 6.5"),
    ("add nan", "'nan' is not a number of seconds; e.g. add 6.5"),
    ("add inf", "'inf' is not a number of seconds; e.g. add 6.5"),
    ("add 1e309", "'1e309' is not a number of seconds; e.g. add 6.5"),
    ("add 0", "delay must be a positive number of seconds, not '0'"),
    ("add -0", "delay must be a positive number of seconds, not '-0'"),
    ("add -3", "delay must be a positive number of seconds, not '-3'"),
    (
      "add 301",
      "delay 301 s is too long: thunder is rarely heard beyond about 25 km (75 s), and stormrange takes at most 300 s; type the seconds you counted"
    ),
    ("add 0x10", "'0x10' is not a number of seconds; e.g. add 6.5"),
    // A number before a unit is a distance in that unit, and the refusal says so.
    ("add nan km", "'nan' is not a number of km; e.g. add 12 km"),
    ("add 1e309 km", "'1e309' is not a number of km; e.g. add 12 km"),
    ("add x MI", "'x' is not a number of mi; e.g. add 7.5 mi"),
    ("add inf ft", "'inf' is not a number of ft; e.g. add 39000 ft"),
    (
      "add 6 7",
      "unexpected argument '7'; usage: add SECONDS|DIST UNIT [at TIME] [from BEARING] [source NAME] [detector KIND] [note TEXT]"
    ),
    (
      "add 6 at",
      "'at' needs a TIME; usage: add SECONDS|DIST UNIT [at TIME] [from BEARING] [source NAME] [detector KIND] [note TEXT]"
    ),
    (
      "add 6 at noon",
      "'noon' is not a time; use a clock time HH:MM, a time ago (-5m, 5 min ago) or ISO 8601 with an offset, e.g. 2026-07-01T18:03:00+02:00"
    ),
    (
      "add 6 at 2026-07-01T18:03:00",
      "'2026-07-01T18:03:00' is not a time; use a clock time HH:MM, a time ago (-5m, 5 min ago) or ISO 8601 with an offset, e.g. 2026-07-01T18:03:00+02:00"
    ),
    (
      "add 6 note",
      "'note' needs some TEXT; usage: add SECONDS|DIST UNIT [at TIME] [from BEARING] [source NAME] [detector KIND] [note TEXT]"
    ),
    ("add 6 note \u{1B}[31mred", "the note contains the control character U+001B; remove it"),
    ("add 6 at 2999-01-01T00:00Z", "'2999-01-01T00:00Z' is in the future"),
  ])
  func badInputIsRejectedWithItsReasonAndChangesNothing(line: String, reason: String) throws {
    let refusal = Refusal(of: line)
    #expect(refusal.failed)
    #expect(refusal.output.isEmpty)
    #expect(refusal.errors == "stormrange: line 1: \(reason)\n")
    #expect(refusal.historyUnchanged)
    #expect(refusal.undoStepsUnchanged)
  }
}
