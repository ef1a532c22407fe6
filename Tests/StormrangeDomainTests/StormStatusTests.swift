import FoundationEssentials
import Glibc
import Testing

@testable import StormrangeDomain

/// The status model's sense of time: entries dated ahead of now are left out of everything, close
/// lightning counts across a storm boundary, and a storm that is over is described as of its last
/// flash without a forecast.
@Suite struct StormStatusTests {
  /// A detector's reading `seconds` after `origin` at `metres` (its thunder is its date).
  func reading(at seconds: Double, metres: Double) -> Measurement {
    Measurement(
      date: origin.addingTimeInterval(seconds), distance: metres,
      origin: .detector(source: DetectorSource("d")!),
      bearing: nil, note: nil)
  }

  @Test func entriesAheadAreNeverTheLatestNorInTheStormNorInTheAdvice() throws {
    // Three entries five hours ahead (another clock), then a reading 1 km away now.
    let now = origin.addingTimeInterval(600)
    let ahead = (0..<3).map { measured(at: 600 + 5 * 3600 + Double($0) * 120, metres: 2058) }
    let history = ahead + [reading(at: 600, metres: 1000)]
    let status = HistoryStatus(history: history, now: now)
    let current = try #require(status.current)
    #expect(current.position == 3 && current.storm.positions == [3])
    #expect(current.advice.lightningWithinCloseDistance)
    #expect(current.advice.allClear == now.addingTimeInterval(SafetyAdvice.allClearWait))
    #expect(status.ahead.count == 3)
    #expect(status.ahead.firstThunder == ahead[0].thunderDate)
    #expect(status.ahead.nextDue == ahead[0].thunderDate.addingTimeInterval(-MeasurementRules.clockTolerance))
  }

  @Test func aMeasurementWhoseThunderIsAheadIsLeftOutThoughItsFlashIsNot() throws {
    // A flash 10 s ago whose thunder comes 290 s from now; a minute's lead is allowed.
    let now = origin.addingTimeInterval(1000)
    let history = [measured(at: 900, metres: 3000), measured(at: 990, metres: 300 * 343.21462268256795)]
    let status = HistoryStatus(history: history, now: now)
    #expect(status.current?.position == 0 && status.ahead.count == 1)
    let within = HistoryStatus(history: [reading(at: 1060, metres: 5000)], now: now)
    #expect(within.ahead.count == 0 && within.current?.position == 0)
    #expect(HistoryStatus(history: [reading(at: 1061, metres: 5000)], now: now).ahead.count == 1)
  }

  @Test func allOfItAheadIsNoStatusAndAllClear() {
    let now = origin
    let status = HistoryStatus(history: [measured(at: 3600, metres: 5000)], now: now)
    #expect(status.current == nil && status.ahead.count == 1)
    #expect(status.advice.level == .allClear && status.advice.allClear == nil)
    #expect(status.nextChange(after: now) == status.ahead.nextDue)
    // When it comes due it counts.
    let due = status.ahead.nextDue!
    #expect(HistoryStatus(history: [measured(at: 3600, metres: 5000)], now: due).current?.position == 0)
  }

  @Test func closeThunderCountsAcrossAStormBoundary() throws {
    // A 5 km flash whose thunder was heard 29:50 ago, then a far reading 30:05 after that flash: a
    // new storm, but lightning was within 10 km in the last 30 minutes.
    let delay = 5000 / 343.21462268256795
    let flash = 0.0
    let now = origin.addingTimeInterval(flash + delay + 29 * 60 + 50)
    let history = [measured(at: flash, metres: 5000), reading(at: 30 * 60 + 5, metres: 40_000)]
    let current = try #require(StormStatus(history: history, now: now))
    #expect(current.storm.positions == [1])
    #expect(current.advice.level == .shelterNow && current.advice.lightningWithinCloseDistance)
    #expect(!current.advice.at(now.addingTimeInterval(11)).lightningWithinCloseDistance)
  }

  /// A storm coming straight in from 20 km at 36 km/h, every 3 minutes for 24 minutes; its fitted
  /// range reaches 10 km after the last flash, so a storm that is not over gets an arrival.
  func straightIn() -> [Measurement] {
    stride(from: 0.0, through: 24 * 60, by: 180).map { seconds in
      measured(at: seconds, metres: 30_000 - 10 * seconds)
    }
  }

  @Test func aStormThatIsOverIsAsOfItsLastFlashWithoutAForecast() throws {
    let storm = straightIn()
    let lastThunder = storm.last!.thunderDate
    let before = try #require(StormStatus(history: storm, now: lastThunder.addingTimeInterval(60)))
    #expect(!before.isOver)
    #expect(before.trend.asOf == lastThunder.addingTimeInterval(60))
    let over = lastThunder.addingTimeInterval(SafetyAdvice.allClearWait)
    #expect(before.storm.overAt == over)
    let after = try #require(StormStatus(history: storm, now: over))
    #expect(after.isOver && after.advice.level == .allClear)
    #expect(after.trend.asOf == storm.last!.date)
    #expect(after.trend.direction == .approaching && after.trend.within10km == nil)
    // Not over until the moment itself.
    #expect(try #require(StormStatus(history: storm, now: over.addingTimeInterval(-0.5))).isOver == false)
  }

  @Test func movedOnPastItsEndAStormIsOverAsIfComputedThen() throws {
    let storm = straightIn()
    let now = storm.last!.thunderDate.addingTimeInterval(60)
    let status = try #require(StormStatus(history: storm, now: now))
    let over = status.storm.overAt
    #expect(status.nextChange(after: now) == over)
    let moved = status.at(over)
    let computed = try #require(StormStatus(history: storm, now: over))
    #expect(moved.isOver && moved.trend == computed.trend && moved.advice == computed.advice)
    #expect(status.at(over.addingTimeInterval(-1)).isOver == false)
    #expect(moved.nextChange(after: over) == nil)
  }

  @Test func aClosestApproachOfAStormThatIsOverStaysOnlyOncePast() throws {
    // Past the observer 3 km north, eastward at 40 km/h, nearest 40 minutes after the last flash.
    let speed = 40 / 3.6
    let nearest = 20.0 * 60 + 40 * 60
    let storm = stride(from: 0.0, through: 20 * 60, by: 120).map { seconds -> Measurement in
      let east: Double = speed * (seconds - nearest)
      let metres: Double = (east * east + 3000 * 3000).squareRoot()
      let degrees: Double = Double(Glibc.atan2(east, 3000)) * 180 / .pi
      return Measurement(
        date: origin.addingTimeInterval(seconds), delay: metres / 343.21462268256795, temperature: 20,
        bearing: Bearing(degrees: (degrees + 360).truncatingRemainder(dividingBy: 360)))
    }
    let status = try #require(StormStatus(history: storm, now: storm.last!.date.addingTimeInterval(120)))
    let closest = try #require(status.groundMotion?.closestApproach)
    let over = try #require(StormStatus(history: storm, now: status.storm.overAt))
    #expect(closest.date > over.now)
    #expect(over.groundMotion != nil && over.groundMotion?.closestApproach == nil)
    let later = try #require(StormStatus(history: storm, now: closest.date.addingTimeInterval(1)))
    #expect(later.groundMotion?.closestApproach == closest)
    #expect(over.at(closest.date.addingTimeInterval(1)).groundMotion?.closestApproach == closest)
  }

  @Test func theOrderOfTheHistoryDoesNotMatter() throws {
    // An earlier storm whose close flash was heard 29:48 ago, 30:05 before a reading now that
    // starts a storm, and between them an entry whose thunder is ahead: in date order, and shuffled
    // (`add … at` and import can put older measurements after newer ones).
    let now = origin.addingTimeInterval(3600)
    let sorted = [
      measured(at: 0, metres: 30_000), measured(at: 1795, metres: 4000), measured(at: 3500, metres: 90_000),
      reading(at: 3600, metres: 15_000),
    ]
    let shuffled = [sorted[2], sorted[0], sorted[3], sorted[1]]
    for history in [sorted, shuffled] {
      let status = HistoryStatus(history: history, now: now)
      let current = try #require(status.current)
      #expect(current.storm.measurements == [sorted[3]])
      #expect(status.ahead.count == 1 && status.ahead.firstThunder == sorted[2].thunderDate)
      #expect(current.advice.lightningWithinCloseDistance)
      #expect(current.advice.lastThunder == now)
    }
  }

  @Test func theHistoryStatusChangesWhenAnEntryAheadComesDue() throws {
    let now = origin.addingTimeInterval(100)
    let history = [reading(at: 0, metres: 20_000), reading(at: 400, metres: 5000)]
    let status = HistoryStatus(history: history, now: now)
    let due = origin.addingTimeInterval(400 - MeasurementRules.clockTolerance)
    #expect(status.ahead.count == 1 && status.nextChange(after: now) == due)
    let then = HistoryStatus(history: history, now: due)
    #expect(then.ahead.count == 0 && then.current?.position == 1)
  }
}
