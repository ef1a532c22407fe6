import FoundationEssentials
import Testing

@testable import StormrangeDomain

@Suite struct StormTests {
  @Test func measurementsLessThanThirtyMinutesApartAreOneStorm() {
    let history = [measured(at: 0, metres: 9000), measured(at: 1799, metres: 8000)]
    #expect(Storm.all(in: history).map(\.count) == [2])
  }

  @Test func aGapOfExactlyThirtyMinutesStartsANewStorm() throws {
    let history = [
      measured(at: 0, metres: 9000), measured(at: 1799, metres: 8000), measured(at: 3599, metres: 7000),
    ]
    let storms = Storm.all(in: history)
    try #require(storms.map(\.count) == [2, 1])
    #expect(storms[1].positions == [2])
    #expect(Storm.current(in: history)?.positions == [2])
  }

  @Test func stormsFollowTheDatesNotTheOrderInTheHistory() {
    // An older storm added after the newer one (`add … at`, or an import).
    let history = [
      measured(at: 7200, metres: 5000), measured(at: 7300, metres: 4000), measured(at: 0, metres: 9000),
      measured(at: 60, metres: 8000),
    ]
    let storms = Storm.all(in: history)
    #expect(storms.map(\.positions) == [[2, 3], [0, 1]])
    #expect(Storm.current(in: history)?.positions == [0, 1])
    #expect(Storm.mostRecent(3, in: history)?.positions == [3, 0, 1])
  }

  @Test func theCurrentStormOfASortedHistoryIsItsTail() {
    let history = (0..<10).map { measured(at: Double($0) * 600 + ($0 >= 6 ? 3600 : 0), metres: 5000) }
    #expect(Storm.current(in: history)?.positions == [6, 7, 8, 9])
    #expect(Storm.current(in: [Measurement]()) == nil)
    #expect(Storm.all(in: [Measurement]()).isEmpty)
  }

  @Test func nearestFarthestAndMean() throws {
    let storm = try #require(
      Storm.current(in: [
        measured(at: 0, metres: 9000), measured(at: 60, metres: 3000), measured(at: 120, metres: 6000),
      ]))
    #expect(storm.nearest == 3000)
    #expect(storm.farthest == 9000)
    #expect(abs(storm.meanDistance - 6000) < 1e-9)
    #expect(storm.start == origin)
    #expect(storm.end == origin.addingTimeInterval(120))
  }
}

@Suite struct StormUpToNowTests {
  @Test func theCurrentStormUpToNowLeavesOutWhatIsAhead() {
    // The last two are ahead of a clock at 1000 s: one by its flash, one by its thunder only.
    let history = [
      measured(at: 0, metres: 9000), measured(at: 900, metres: 8000), measured(at: 5000, metres: 7000),
      measured(at: 995, metres: 90_000),
    ]
    let now = origin.addingTimeInterval(1000)
    #expect(Storm.current(in: history, now: now)?.positions == [0, 1])
    #expect(Storm.current(in: history)?.positions == [2])
    #expect(Storm.current(in: history, now: origin.addingTimeInterval(-61)) == nil)
  }

  @Test func aStormIsOverThirtyMinutesAfterItsLastThunder() throws {
    // The far flash first: its thunder (at 100 + 175 s) comes after the near one's (at 120 + 3 s).
    let storm = try #require(
      Storm.current(in: [
        measured(at: 100, metres: 175 * 343.21462268256795), measured(at: 120, metres: 1000),
      ]))
    #expect(storm.lastThunder == origin.addingTimeInterval(275))
    #expect(storm.overAt == origin.addingTimeInterval(275 + 1800))
    #expect(!storm.isOver(at: origin.addingTimeInterval(275 + 1799)))
    #expect(storm.isOver(at: origin.addingTimeInterval(275 + 1800)))
  }
}
