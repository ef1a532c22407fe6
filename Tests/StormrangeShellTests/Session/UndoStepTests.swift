import ShellTestSupport
import StormrangeDomain
import StormrangeStore
import Testing

@testable import StormrangeShell

/// Each step reverts its change by finding its entries by value, so it stays right when the history
/// changed in between; and says what it did.
@Suite struct UndoStepTests {
  /// A session whose history holds delays of `delays` seconds, added in that order.
  func session(adding delays: [Int]) -> TestSession {
    let test = TestSession()
    test.runAll(delays.map { "add \($0)" })
    return test
  }

  func delays(_ test: TestSession) -> [Double?] { test.session.history.entries.map(\.measurement.delay) }

  @Test func undoingAnAddRemovesThatEntryWhereverItIsNow() throws {
    let test = session(adding: [1, 2, 3])
    let added = test.session.history.entries[1]
    _ = try test.session.changeHistory { $0.remove(at: 0) }
    #expect(
      try UndoStep.removeAdded(added).apply(in: test.session, unit: .kilometres) == "undid the add of 0.69 km"
    )
    #expect(delays(test) == [3])
  }

  @Test func undoingAnAddWhoseEntryIsGoneChangesNothingAndSaysSo() throws {
    let test = session(adding: [1, 2])
    let added = test.session.history.entries[1]
    _ = try test.session.changeHistory { $0.removeLast() }
    #expect(
      try UndoStep.removeAdded(added).apply(in: test.session, unit: .kilometres)
        == "nothing to undo: that measurement is no longer in the history")
    #expect(delays(test) == [1])
  }

  @Test func undoingADeletePutsTheEntryBackBeforeTheOneThatFollowedIt() throws {
    let test = session(adding: [1, 2, 3, 4])
    let entries = test.session.history.entries
    // Deleted #2; since then #1 went, so #3, which followed it, is now first.
    _ = try test.session.changeHistory { $0 = [entries[2], entries[3]] }
    let step = UndoStep.reinsert(entries[1], at: 1, before: entries[2])
    #expect(try step.apply(in: test.session, unit: .kilometres) == "restored #1 (0.69 km)")
    #expect(delays(test) == [2, 3, 4])
  }

  @Test func undoingADeleteOfTheLastEntryPutsItBackWhereItWasAtMost() throws {
    let test = session(adding: [1, 2])
    let entries = test.session.history.entries
    _ = try test.session.changeHistory { $0 = [] }
    // Nothing followed it and the history is shorter now: it goes at the end.
    #expect(
      try UndoStep.reinsert(entries[1], at: 1, before: nil).apply(in: test.session, unit: .kilometres)
        == "restored #1 (0.69 km)")
    #expect(delays(test) == [2])
  }

  @Test func undoingAClearPutsEverythingBackBeforeWhatWasAddedSince() throws {
    let test = session(adding: [1, 2])
    let cleared = test.session.history.entries
    _ = try test.session.changeHistory { $0 = [] }
    test.runAll(["add 5"])
    #expect(
      try UndoStep.restore(cleared).apply(in: test.session, unit: .kilometres) == "restored 2 measurements")
    #expect(delays(test) == [1, 2, 5])
  }

  @Test func undoingAnImportRemovesTheNewestCopiesAndCountsWhatIsGone() throws {
    let test = session(adding: [1, 2, 1])
    let entries = test.session.history.entries
    // The import added the 2 and the second 1, a copy of the first, which was there before.
    let imported = [entries[2], entries[1]]
    #expect(
      try UndoStep.removeImported(imported).apply(in: test.session, unit: .kilometres)
        == "undid the import of 2 measurements")
    #expect(delays(test) == [1])
    // Undone again, when what it added is gone.
    #expect(
      try UndoStep.removeImported(imported).apply(in: test.session, unit: .kilometres)
        .hasPrefix("undid the import: removed 1 of 2 measurements"))
    #expect(delays(test) == [])
  }
}
