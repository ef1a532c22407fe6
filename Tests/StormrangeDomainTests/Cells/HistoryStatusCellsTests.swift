import FoundationEssentials
import TestSupport
import Testing

@testable import StormrangeDomain

#if canImport(Glibc)
  import Glibc
#endif

/// `status` leads with the cell that may reach the observer, and lists the others (issue 33).
@Suite struct HistoryStatusCellsTests {
  let cells = StormCellsTests()

  @Test(arguments: [false, true]) func theCellComingInLeadsWhicheverWasBornFirst(stillFirst: Bool) throws {
    let status = HistoryStatus(
      history: CellsFixture.comingAndStill(stillFirst: stillFirst), now: CellsFixture.now)
    #expect(status.cells.count == 2)
    let comingNumber = stillFirst ? 2 : 1
    #expect(
      status.leading.map { status.cells[$0].number } == comingNumber,
      "born \(stillFirst ? "second" : "first")")
    let leading = try #require(status.current)
    #expect(leading.latest.bearing.map { $0.degrees > 180 } == true, "the cell to the west leads")
    #expect((leading.trend.within10kmChance ?? 0) > 0.5)
    let other = status.cells[1 - status.leading!]
    #expect((other.status.trend.within10kmChance ?? 1) < 0.1)
    // The advice is the whole storm's: the still cell's 20 km and the coming one's are both in it.
    #expect(status.advice == other.status.advice)
  }

  @Test func aStormOfOneCellIsAsBefore() throws {
    let history = (0..<10).map { measured(at: Double($0) * 60, metres: 9_000 - 300 * Double($0)) }
    let now = origin.addingTimeInterval(600)
    let status = HistoryStatus(history: history, now: now)
    #expect(status.cells.count == 1)
    let single = try #require(StormStatus(history: history, now: now))
    #expect(status.current?.trend == single.trend)
    #expect(status.current?.storm == single.storm)
  }

  /// Two still cells, each group's place off its cell's by up to a kilometre: `west` km west,
  /// born first, and `east` km east.
  func stillCells(west: Double, east: Double, minutes: Int) -> [Measurement] {
    (0..<minutes).flatMap { minute -> [Measurement] in
      let wobble = { (phase: Double) in sin(Double(minute) * 2.3 + phase) }
      return [
        cells.group(minutes: Double(minute), east: -west + wobble(0), north: wobble(1)),
        cells.group(minutes: Double(minute) + 0.5, east: east + wobble(2), north: wobble(3)),
      ]
    }
  }

  /// The numbers of the leading cell at each half minute from 10 to 25 minutes.
  func leaders(_ history: [Measurement]) -> [Int] {
    (20..<50).map { step in
      let now = origin.addingTimeInterval(Double(step) * 30)
      let status = HistoryStatus(history: history.filter { $0.date <= now }, now: now)
      return status.cells[status.leading!].number
    }
  }

  /// Found by a probe: 22 km west and 20 km east, alike in chance, swapped four times in 15
  /// minutes as the latest groups' places jittered.
  @Test func alikeCellsAFewKilometresApartInDistanceDoNotSwap() {
    #expect(Set(leaders(stillCells(west: 22, east: 20, minutes: 25))) == [1])
  }

  @Test func ofAlikeCellsOneClearlyNearerLeads() {
    #expect(Set(leaders(stillCells(west: 40, east: 30, minutes: 25))) == [2])
  }

  /// Found by a probe: 120 stray strikes made 93 cells, each a nowcast, and `status` took 6.6 s.
  @Test func onlyTheNearestEightCellsAreFollowed() {
    let history = (0..<10).flatMap { minute in
      (0..<12).map { cell in
        let (kilometres, radians) = (20 + 5 * Double(cell), Double(cell) * 30 * .pi / 180)
        return cells.group(
          minutes: Double(minute) + Double(cell) / 20, east: kilometres * sin(radians),
          north: kilometres * cos(radians))
      }
    }
    let status = HistoryStatus(history: history, now: origin.addingTimeInterval(600))
    #expect(status.cells.count == HistoryStatus.followedCells)
    #expect(status.fartherCells == 4)
    #expect(status.cells.map(\.number) == Array(1...8))
  }
}
