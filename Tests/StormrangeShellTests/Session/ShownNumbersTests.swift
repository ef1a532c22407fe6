import FoundationEssentials
import Testing

@testable import StormrangeDomain
@testable import StormrangeShell
@testable import StormrangeStore

@Suite struct ShownNumbersTests {
  /// Entries told apart by their delay.
  func entries(_ delays: Double...) -> [HistoryEntry] {
    delays.map { HistoryEntry(Measurement(date: Date(timeIntervalSince1970: 0), delay: $0, temperature: 20)) }
  }

  @Test func withNothingShownNumbersAreTheCurrentOnes() {
    let numbers = ShownNumbers()
    #expect(numbers.refusal(deleting: 2, typed: "2", from: entries(1, 2, 3)) == nil)
    #expect(
      numbers.refusal(deleting: 4, typed: "4", from: entries(1, 2, 3))
        == .noSuchMeasurement(index: "4", count: 3))
  }

  @Test func aNumberShownIsRefusedOnceItStandsForAnotherMeasurement() {
    var numbers = ShownNumbers()
    numbers.showed(0..<3, of: entries(1, 2, 3))
    // Another process deleted #1: #2 now stands for what was #3, and #3 for nothing.
    #expect(numbers.refusal(deleting: 2, typed: "2", from: entries(2, 3)) == .renumbered("2"))
    #expect(numbers.refusal(deleting: 3, typed: "3", from: entries(2, 3)) == .renumbered("3"))
    // Numbers before the change still stand for what they stood for.
    #expect(numbers.refusal(deleting: 1, typed: "1", from: entries(1, 3)) == nil)
  }

  @Test func measurementsAppendedSinceShiftNothingButTheirNumbersWereNeverShown() {
    var numbers = ShownNumbers()
    numbers.showed(0..<2, of: entries(1, 2))
    #expect(numbers.refusal(deleting: 2, typed: "2", from: entries(1, 2, 3)) == nil)
    #expect(numbers.refusal(deleting: 3, typed: "3", from: entries(1, 2, 3)) == .renumbered("3"))
    #expect(
      numbers.refusal(deleting: 4, typed: "4", from: entries(1, 2, 3))
        == .noSuchMeasurement(index: "4", count: 3))
  }

  @Test func showingOneNumberKeepsWhatTheOthersWereShownAs() {
    var numbers = ShownNumbers()
    numbers.showed(0..<3, of: entries(1, 2, 3))
    // Another process deleted #1; this session then printed #3 for its own add.
    numbers.showed(2..<3, of: entries(2, 3, 4))
    #expect(numbers.refusal(deleting: 3, typed: "3", from: entries(2, 3, 4)) == nil)
    #expect(numbers.refusal(deleting: 1, typed: "1", from: entries(2, 3, 4)) == .renumbered("1"))
    // A listing of the last one ends the numbering there; one in the middle keeps those after it.
    numbers.showed(1..<2, of: entries(2, 3, 4))
    #expect(numbers.refusal(deleting: 3, typed: "3", from: entries(2, 3, 4)) == nil)
    // A whole listing makes every number current.
    numbers.showed(0..<3, of: entries(2, 3, 4))
    #expect(numbers.refusal(deleting: 1, typed: "1", from: entries(2, 3, 4)) == nil)
  }

  @Test func numbersNeverPrintedBeforeTheOneShownAreTakenAsTheyAreThen() {
    var numbers = ShownNumbers()
    numbers.showed(0..<1, of: entries(1))
    numbers.showed(3..<4, of: entries(1, 2, 3, 4))
    #expect(numbers.refusal(deleting: 2, typed: "2", from: entries(1, 2, 3, 4)) == nil)
    #expect(numbers.refusal(deleting: 4, typed: "4", from: entries(1, 2, 3, 4)) == nil)
  }
}
