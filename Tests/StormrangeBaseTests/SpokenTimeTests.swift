import FoundationEssentials
import Testing

@testable import StormrangeBase

@Suite struct SpokenTimeTests {
  /// 2026-07-01T16:03:00Z.
  let now = Date(timeIntervalSince1970: 1_782_921_780)

  private func parse(_ text: String, zone: LocalTime = .utc) -> (date: Date, count: Int)? {
    let words = text.split(separator: " ").map(String.init)
    return SpokenTime.parse(words[...], now: now, in: zone, lead: 60)
  }

  @Test func aClockTimeIsTodayInTheZoneGiven() throws {
    #expect(try #require(parse("15:51")).date == now.addingTimeInterval(-12 * 60))
    #expect(try #require(parse("9:05:30")).date == ISO8601Time.parse("2026-07-01T09:05:30Z"))
    // 18:03 at +02:00 is 16:03Z.
    #expect(try #require(parse("18:03", zone: LocalTime(offsetFromUTC: 7200))).date == now)
  }

  @Test func aClockTimeAheadOfNowIsYesterdayButAMinutesDisagreementIsNot() throws {
    #expect(try #require(parse("18:00")).date == ISO8601Time.parse("2026-06-30T18:00:00Z"))
    #expect(try #require(parse("16:04")).date == now.addingTimeInterval(60))
  }

  @Test(arguments: [
    ("-5m", 300.0, 1), ("-90s", 90, 1), ("-2h", 7200, 1), ("-1.5min", 90, 1), ("5 min ago", 300, 3),
    ("5min ago", 300, 2), ("30 SECONDS ago", 30, 3), ("2 hours ago", 7200, 3), ("1 h ago", 3600, 3),
  ])
  func aTimeAgo(text: String, seconds: Double, count: Int) throws {
    let parsed = try #require(parse(text))
    #expect(parsed.date == now.addingTimeInterval(-seconds))
    #expect(parsed.count == count)
  }

  @Test(arguments: [
    "24:00", "12:60", "12:00:60", "1200", "12:5", ":30", "-5", "5 min", "-5 lightyears", "5m", "-25h",
    "-1e9s", "-nanm", "٣:٠٠", "-inf h", "",
  ])
  func notATime(text: String) {
    #expect(parse(text) == nil)
  }
}
