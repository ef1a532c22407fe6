import FoundationEssentials
import ShellTestSupport
import StormrangeDomain
import Testing

@testable import StormrangeShell


/// `add SECONDS` is typed when the thunder arrives: the flash was SECONDS before.
@Suite struct AddCommandDatingTests {
  @Test func withoutAtTheFlashIsDatedTheDelayBeforeNow() throws {
    let test = TestSession()
    let now = test.clock.now().wall
    test.runAll(["add 6", "add 30.5"])
    let stored = try test.reloadedHistory()
    #expect(stored.map(\.date) == [now.addingTimeInterval(-6), now.addingTimeInterval(-31)])
    // The thunder is now (within the second the date is rounded down to).
    #expect(stored[0].thunderDate == now)
  }

  @Test func withAtTheTimeIsTheFlash() throws {
    let test = TestSession()
    test.runAll(["add 12 at 2026-07-01T18:03:00+02:00"])
    #expect(try test.reloadedHistory().map(\.date) == [Date(timeIntervalSince1970: 1_782_921_780)])
  }

  @Test func numbersStayInTheOrderMeasurementsWereAdded() throws {
    let test = TestSession()
    // The second flash is dated before the first (a longer delay), but keeps number 2.
    test.runAll(["add 2", "add 40", "show"])
    let lines = test.output.text.split(separator: "\n")
    #expect(lines[0] == "#1  0.69 km  (delay 2.00 s)")
    #expect(lines[1] == "#2  13.73 km  (delay 40.00 s)")
    #expect(lines[3].hasPrefix("1  ") && lines[4].hasPrefix("2  ") && lines[4].contains("13.73 km"))
    #expect(try test.reloadedHistory().map(\.delay) == [2, 40])
  }
}
