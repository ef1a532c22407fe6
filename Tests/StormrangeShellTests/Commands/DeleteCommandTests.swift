import ShellTestSupport
import Testing

@testable import StormrangeBase
@testable import StormrangeDomain
@testable import StormrangeShell
@testable import StormrangeStore

@Suite struct DeleteCommandTests {
  @Test func deletesOneMeasurementAndRefusesNumbersThatAreNotThere() throws {
    let test = TestSession()
    test.runAll(["add 1", "add 2", "add 3", "delete 2"])
    #expect(try test.reloadedHistory().map(\.delay) == [1, 3])
    #expect(test.run("delete 3"))
    #expect(test.run("delete two"))
  }

  @Test func theConfirmationNamesWhatWasDeleted() throws {
    let test = TestSession()
    test.runAll(["add 6 at 2026-07-01T16:03:00Z note over the lake", "add 7"])
    _ = test.output.take()
    test.runAll(["delete 1"])
    #expect(
      test.output.take() == "deleted #1 (2026-07-01 16:03:00, delay 6.00 s, 2.06 km, note: over the lake)\n")
  }

  @Test func aNumberThatAnotherProcessShiftedIsRefusedAndNothingIsDeleted() throws {
    let test = TestSession()
    test.runAll(["add 1", "add 2", "add 3", "show"])
    try SavedHistory(path: test.historyPath, now: { test.clock.now().wall }).modify { $0.remove(at: 0) }
    #expect(test.run("delete 2"))
    #expect(test.errors.text.contains("type 'show'"))
    #expect(try test.reloadedHistory().map(\.delay) == [2, 3])
    // Listing again makes the numbers current.
    test.runAll(["show", "delete 2"])
    #expect(try test.reloadedHistory().map(\.delay) == [2])
  }

  @Test func thisSessionsOwnDeleteShiftsTheNumbersItShowed() throws {
    let test = TestSession()
    test.runAll(["add 1", "add 2", "add 3", "show", "delete 2"])
    #expect(test.run("delete 2"))
    #expect(try test.reloadedHistory().map(\.delay) == [1, 3])
    test.runAll(["delete 1"])
    #expect(try test.reloadedHistory().map(\.delay) == [3])
  }

  @Test func measurementsAppendedByAnotherProcessDoNotStandInTheWay() throws {
    let test = TestSession()
    test.runAll(["add 1", "add 2", "show"])
    try appendAsAnotherProcess(delay: 9, to: test.historyPath)
    test.runAll(["delete 2"])
    #expect(try test.reloadedHistory().map(\.delay) == [1, 9])
  }

  @Test func aSessionThatShowedNoNumbersUsesTheCurrentOnes() throws {
    let test = TestSession(mode: .oneShot)
    try appendAsAnotherProcess(delay: 1, to: test.historyPath)
    try appendAsAnotherProcess(delay: 2, to: test.historyPath)
    test.runAll(["delete 2"])
    #expect(try test.reloadedHistory().map(\.delay) == [1])
  }
}
