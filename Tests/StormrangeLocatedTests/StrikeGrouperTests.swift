import FoundationEssentials
import Testing

@testable import StormrangeDomain
@testable import StormrangeLocated

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct StrikeGrouperTests {
  let start = Date(timeIntervalSince1970: 1_795_600_800)
  let observer = GeoPosition(latitude: 51.5, longitude: -0.12)!

  private func strike(_ seconds: Double, _ latitude: Double, _ longitude: Double) -> LocatedStrike {
    LocatedStrike(
      date: start.addingTimeInterval(seconds),
      position: GeoPosition(latitude: latitude, longitude: longitude)!)
  }

  @Test func strikesOfOnePlaceInAMinuteAreOneGroupWithTheirMeanNearestCountAndSpread() throws {
    var grouper = StrikeGrouper(observer: observer, radius: 100_000)
    // Two strikes 0.01° of latitude (1.11 km) apart, 20 km north.
    let first = try grouper.receive(strike(0, 51.68, -0.12), arrival: start)
    let second = try grouper.receive(strike(10, 51.69, -0.12), arrival: start.addingTimeInterval(10))
    guard case .opened(let opened) = first, case .joined(let group) = second else {
      Issue.record("\(first), \(second)")
      return
    }
    #expect(group.id == opened.id && group.count == 2)
    #expect(abs(group.meanPosition.latitude - 51.685) < 1e-9)
    #expect(abs(group.meanPosition.longitude - -0.12) < 1e-9)
    #expect(abs(group.spread - 0.005 * LocatedGroup.metresPerDegree) < 0.01)
    let nearest = try LocatedRange(from: observer, to: GeoPosition(latitude: 51.68, longitude: -0.12)!)
    #expect(group.nearest == nearest)
    #expect(grouper.counts.groups == 1 && grouper.counts.recorded == 2)
  }

  @Test func aStrikeFartherThanTheJoiningDistanceOrAfterTheWindowOpensAnother() throws {
    var grouper = StrikeGrouper(observer: observer, radius: 100_000)
    _ = try grouper.receive(strike(0, 51.68, -0.12), arrival: start)
    // 0.05° (5.6 km) away.
    guard case .opened = try grouper.receive(strike(5, 51.73, -0.12), arrival: start) else {
      Issue.record("a strike 5.6 km away joined")
      return
    }
    guard case .opened = try grouper.receive(strike(60, 51.68, -0.12), arrival: start.addingTimeInterval(60))
    else {
      Issue.record("a strike a minute later joined")
      return
    }
    #expect(grouper.counts.groups == 3)
  }

  @Test func groupsCloseWhenTheirMinuteEnds() throws {
    var grouper = StrikeGrouper(observer: observer, radius: 100_000)
    _ = try grouper.receive(strike(0, 51.68, -0.12), arrival: start)
    _ = try grouper.receive(strike(30, 51.8, -0.12), arrival: start.addingTimeInterval(30))
    // On the feed's clock: a strike dated after the first group's minute closes it.
    #expect(grouper.close(at: start.addingTimeInterval(60)).isEmpty)
    _ = try grouper.receive(strike(60, 51.9, -0.12), arrival: start.addingTimeInterval(61))
    #expect(grouper.close(at: start.addingTimeInterval(61)).map(\.count) == [1])
    #expect(grouper.open.count == 2)
    // A silent feed: once a strike of theirs would be refused as too old.
    #expect(grouper.close(at: start.addingTimeInterval(89 + LocatedMessage.allowedLag)).isEmpty)
    #expect(grouper.close(at: start.addingTimeInterval(90 + LocatedMessage.allowedLag)).map(\.count) == [1])
  }

  @Test func aFeedThatArrivesMinutesLateStillGroupsAMinutesStrikes() throws {
    var grouper = StrikeGrouper(observer: observer, radius: 100_000)
    let delay = 300.0
    for second in stride(from: 0.0, to: 60, by: 5) {
      let arrival = start.addingTimeInterval(second + delay)
      _ = grouper.close(at: arrival)
      _ = try grouper.receive(strike(second, 51.68 + second * 1e-5, -0.12), arrival: arrival)
    }
    #expect(grouper.counts.groups == 1 && grouper.open.map(\.count) == [12])
  }

  @Test func aRepeatedStrikeIsMergedAndCounted() throws {
    var grouper = StrikeGrouper(observer: observer, radius: 100_000)
    _ = try grouper.receive(strike(0, 51.68, -0.12), arrival: start)
    #expect(try grouper.receive(strike(0, 51.68, -0.12), arrival: start) == .repeated)
    #expect(grouper.counts.repeated == 1 && grouper.counts.strikes == 1)
    #expect(grouper.open.map(\.count) == [1])
  }

  @Test func aStrikeBeyondTheRadiusIsCountedNotRecorded() throws {
    var grouper = StrikeGrouper(observer: observer, radius: 10_000)
    #expect(try grouper.receive(strike(0, 51.68, -0.12), arrival: start) == .beyondRadius)
    #expect(grouper.counts.beyondRadius == 1 && grouper.open.isEmpty)
    // Not remembered, so memory goes by the strikes within the radius: a repeat counts again.
    #expect(try grouper.receive(strike(0, 51.68, -0.12), arrival: start) == .beyondRadius)
    #expect(grouper.counts.beyondRadius == 2 && grouper.counts.strikes == 2 && grouper.remembered == 0)
  }

  @Test func aStrikeAtTheObserversOwnPositionIsRecordedAtRangeZero() throws {
    var grouper = StrikeGrouper(observer: observer, radius: 10_000)
    guard case .opened(let group) = try grouper.receive(strike(0, 51.5, -0.12), arrival: start) else {
      Issue.record("not recorded")
      return
    }
    #expect(group.nearest.metres == 0)
  }

  @Test func atMost30GroupsOpenInAMinute() throws {
    var grouper = StrikeGrouper(observer: observer, radius: 100_000)
    // 40 places 0.05° (3.5 km east-west) apart, in one minute.
    for place in 0..<40 {
      _ = try grouper.receive(strike(Double(place), 51.6, -0.9 + 0.05 * Double(place)), arrival: start)
    }
    #expect(grouper.counts.groups == StrikeGrouper.maximumGroupsPerMinute)
    #expect(grouper.counts.overBudget == 10)
  }

  /// A strike of an earlier minute, come late, counts against its own minute, not the current one.
  @Test func theBoundHoldsForStrikesThatComeOutOfOrder() throws {
    var grouper = StrikeGrouper(observer: observer, radius: 100_000)
    for place in 0..<60 {
      // Alternating between the minute before and the minute of `start`.
      let seconds = place.isMultiple(of: 2) ? -30.0 : 30
      _ = try grouper.receive(
        strike(seconds, 51.6 + 0.05 * Double(place / 30), -0.9 + 0.05 * Double(place % 30)),
        arrival: start.addingTimeInterval(31))
    }
    #expect(grouper.counts.groups == 2 * StrikeGrouper.maximumGroupsPerMinute)
    _ = try grouper.receive(strike(-29, 51.8, 0.5), arrival: start.addingTimeInterval(31))
    _ = try grouper.receive(strike(29, 51.8, 0.6), arrival: start.addingTimeInterval(31))
    #expect(grouper.counts.overBudget == 2)
  }

  /// The advice must never miss a strike near enough to hear: the bound sheds far strikes only.
  @Test func aStrikeNearEnoughToHearOpensAGroupBeyondTheBound() throws {
    var grouper = StrikeGrouper(observer: observer, radius: 100_000)
    for index in 0..<StrikeGrouper.maximumGroupsPerMinute {
      // 30 places 0.8° (about 90 km) away, around the observer.
      let angle = 2 * Double.pi * Double(index) / 30
      _ = try grouper.receive(
        strike(Double(index) * 0.1, 51.5 + 0.8 * sin(angle), -0.12 + 1.3 * cos(angle)), arrival: start)
    }
    #expect(try grouper.receive(strike(4, 51.3, 0.5), arrival: start) == .overBudget)
    // 2.2 km north.
    guard case .opened = try grouper.receive(strike(5, 51.52, -0.12), arrival: start) else {
      Issue.record("a strike 2.2 km away was shed")
      return
    }
    #expect(grouper.counts.groups == StrikeGrouper.maximumGroupsPerMinute + 1)
  }

  /// What is saved loads again: a group holds no more strikes than an entry may record.
  @Test func aFullGroupTakesNoMoreAndTheNextStrikeOpensAnother() throws {
    var grouper = StrikeGrouper(observer: observer, radius: 100_000, maximumStrikes: 3)
    for second in 0..<4 {
      _ = try grouper.receive(strike(Double(second), 51.68 + Double(second) * 1e-4, -0.12), arrival: start)
    }
    #expect(grouper.open.map(\.count) == [3, 1])
    #expect(LocatedGroup.maximumStrikes == 1_000_000)
  }

  @Test func aGroupAcrossTheAntimeridianHasItsMeanThere() throws {
    let fiji = GeoPosition(latitude: -17.7, longitude: 179.8)!
    var grouper = StrikeGrouper(observer: fiji, radius: 100_000)
    _ = try grouper.receive(strike(0, -17.5, 179.99), arrival: start)
    guard case .joined(let group) = try grouper.receive(strike(1, -17.5, -179.99), arrival: start) else {
      Issue.record("the strikes 2 km apart across the antimeridian did not join")
      return
    }
    #expect(abs(abs(group.meanPosition.longitude) - 180) < 1e-6)
  }

  @Test func itsMemoryOfRepeatsIsForgottenAfterTheAllowedLag() throws {
    var grouper = StrikeGrouper(observer: observer, radius: 100_000)
    _ = try grouper.receive(strike(0, 51.68, -0.12), arrival: start)
    let later = start.addingTimeInterval(LocatedMessage.allowedLag + 1)
    #expect(try grouper.receive(strike(0, 51.68, -0.12), arrival: later) != .repeated)
  }

  /// Memory stays flat: through a day of 3 strikes a second (259,200 strikes), it remembers at
  /// every hour only the last ten minutes' strikes, keeps only the groups still open, and counts
  /// only the minutes of the last ten.
  @Test func itRemembersOnlyTheLastTenMinutesHoweverLongItRuns() throws {
    var grouper = StrikeGrouper(observer: observer, radius: 100_000)
    let perSecond = 3
    let day = 86_400
    var largest = (remembered: 0, open: 0)
    for second in 0..<day {
      for index in 0..<perSecond {
        // A cell circling 30 km away, its strikes spread over a few km.
        let angle = Double(second) / 600 + Double(index) * 0.01
        _ = try grouper.receive(
          strike(
            Double(second), 51.5 + 0.27 * angle.truncatingRemainder(dividingBy: 1),
            -0.12 + 0.01 * Double(index)),
          arrival: start.addingTimeInterval(Double(second)))
      }
      _ = grouper.close(at: start.addingTimeInterval(Double(second)))
      if second % 3600 == 3599 {
        largest = (max(largest.remembered, grouper.remembered), max(largest.open, grouper.open.count))
      }
    }
    #expect(grouper.counts.strikes == day * perSecond)
    #expect(largest.remembered <= (Int(LocatedMessage.allowedLag) + 1) * perSecond)
    #expect(largest.open <= StrikeGrouper.maximumGroupsPerMinute * 2)
    #expect(grouper.minutesCounted <= Int(LocatedMessage.allowedLag) / 60 + 2)
  }
}
