import FoundationEssentials
import Testing

@testable import StormrangeDomain
@testable import StormrangeLocated

/// `ingest blitzortung`'s reading of messages into entries, apart from the session (issue 32).
@Suite struct LocatedIngestTests {
  let start = Date(timeIntervalSince1970: 1_795_600_800)
  let observer = GeoPosition(latitude: 51.5, longitude: -0.12)!

  func ingest(radius: Double = 100_000) -> LocatedIngest {
    LocatedIngest(
      format: .blitzortung, source: DetectorSource("blitzortung", kind: .located)!, observer: observer,
      radius: radius)
  }

  /// A Blitzortung message `seconds` after ``start``.
  func message(_ seconds: Double, _ latitude: Double, _ longitude: Double) -> [UInt8] {
    let nanoseconds = Int64((start.timeIntervalSince1970 + seconds) * 1e9)
    return Array(
      #"{"time":\#(nanoseconds),"lat":\#(latitude),"lon":\#(longitude),"status":0,"region":1}"#.utf8)
  }

  @Test func aGroupOpensAnEntryAndItsLaterStrikesUpdateItInPlace() throws {
    var ingest = ingest()
    let first = ingest.receive(message(0, 51.68, -0.12), arrival: start.addingTimeInterval(1))
    let second = ingest.receive(message(10, 51.69, -0.12), arrival: start.addingTimeInterval(11))
    guard case .opened(let id, let opened)? = first.change,
      case .updated(let same, let updated)? = second.change
    else {
      Issue.record("\(first), \(second)")
      return
    }
    #expect(same == id)
    #expect(opened.fix?.strikes == 1 && updated.fix?.strikes == 2)
    // Dated by its first strike, at its mean position's range and bearing from the observer.
    #expect(updated.date == start)
    let mean = try #require(updated.fix?.position)
    let range = try LocatedRange(from: observer, to: mean)
    #expect(updated.distance == range.metres && updated.bearing == range.bearing)
    #expect(abs(mean.latitude - 51.685) < 1e-9)
    // The nearest strike's range, for the advice: the first, 0.01° nearer than the second.
    let nearest = try LocatedRange(from: observer, to: GeoPosition(latitude: 51.68, longitude: -0.12)!)
    #expect(updated.fix?.nearest == nearest.metres)
    #expect(updated.fix?.source == DetectorSource("blitzortung", kind: .located))
    // Every entry passes the history's own checks.
    try MeasurementRules.typed.check(updated, now: start.addingTimeInterval(11))
  }

  @Test func eachKindOfFaultIsWarnedOfOnceAndEveryOneCounted() {
    var ingest = ingest()
    let arrival = start.addingTimeInterval(1)
    let lines = [
      "not json", "[1]", #"{"lat": 91, "lon": 0, "time": 1}"#, #"{"lat": 92, "lon": 0, "time": 1}"#,
      #"{"lat": 51, "lon": 0}"#, #"{"lat": "51", "lon": 0, "time": 1}"#,
    ]
    let warnings = lines.map { ingest.receive(Array($0.utf8), arrival: arrival).warning }
    #expect(
      warnings == [
        "the message is not JSON: at column 1: expected a value; later messages with this fault are "
          + "counted, not shown", nil,
        "'lat' is 91, not a latitude (-90 to 90); later messages with this fault are counted, not shown", nil,
        "the message has no 'time'; later messages with this fault are counted, not shown",
        "'lat' is a string, not a number; later messages with this fault are counted, not shown",
      ])
    #expect(ingest.counts.refused == [.notJSON: 2, .latitudeOutOfRange: 2, .missing: 1, .notANumber: 1])
    #expect(
      ingest.summaryLine
        == "blitzortung (located): 0 strikes, 0 recorded in 0 groups; 6 messages refused (2 not a JSON object, "
        + "1 a key missing, 1 not a number, 2 latitude out of range)")
  }

  @Test func aBlankMessageGivesNothingAndIsNotCounted() {
    var ingest = ingest()
    #expect(ingest.receive(Array("  \t\r".utf8), arrival: start) == LocatedIngest.Delivery())
    #expect(ingest.counts == LocatedCounts())
  }

  @Test func theSummaryCountsWhatWasNotRecorded() {
    var ingest = ingest(radius: 20_000)
    let arrival = start.addingTimeInterval(1)
    _ = ingest.receive(message(0, 51.6, -0.12), arrival: arrival)
    // A repeat is warned of once, then only counted.
    #expect(
      ingest.receive(message(0, 51.6, -0.12), arrival: arrival).warning
        == "a strike given again (the same time and position) is merged; later repeats are counted, not shown"
    )
    #expect(ingest.receive(message(0, 51.6, -0.12), arrival: arrival).warning == nil)
    // 1° north: 111 km, beyond 20 km.
    _ = ingest.receive(message(0, 52.5, -0.12), arrival: arrival)
    #expect(
      ingest.summaryLine
        == "blitzortung (located): 2 strikes, 1 recorded in 1 group, 1 beyond the radius of 20 km, 2 repeats merged"
    )
  }

  @Test func groupsWhoseMinuteEndedAreClosedWhenTheNextMessageComes() {
    var ingest = ingest()
    guard case .opened(let id, _)? = ingest.receive(message(0, 51.6, -0.12), arrival: start).change else {
      Issue.record("no group opened")
      return
    }
    let later = ingest.receive(message(61, 51.6, -0.12), arrival: start.addingTimeInterval(61))
    #expect(later.closed == [id])
    guard case .opened(let next, _)? = later.change else {
      Issue.record("a strike after the minute joined the closed group")
      return
    }
    #expect(next != id && ingest.openGroups == 1)
  }

  @Test func aGroupWhoseEntryIsGoneStartsAgainFromTheStrikeAlone() throws {
    var ingest = ingest()
    _ = ingest.receive(message(0, 51.6, -0.12), arrival: start)
    let joined = ingest.receive(message(5, 51.601, -0.12), arrival: start.addingTimeInterval(5))
    guard case .updated(let id, _)? = joined.change, let strike = joined.strike else {
      Issue.record("\(joined)")
      return
    }
    let restarted = try ingest.restart(id, with: strike)
    #expect(restarted.id != id)
    #expect(restarted.1.fix?.strikes == 1 && restarted.1.date == strike.date)
    #expect(ingest.openGroups == 1)
    #expect(ingest.counts.groups == 2 && ingest.counts.recorded == 2)
  }
}
