import FoundationEssentials
import Testing

@testable import StormrangeBase

@Suite struct ISO8601TimeTests {
  @Test func parsesOffsetsAndZulu() {
    let expected = Date(timeIntervalSince1970: 1_782_921_780)  // 2026-07-01T16:03:00Z
    #expect(ISO8601Time.parse("2026-07-01T18:03:00+02:00") == expected)
    #expect(ISO8601Time.parse("2026-07-01T16:03:00Z") == expected)
    #expect(ISO8601Time.parse("2026-07-01T16:03Z") == expected)
    #expect(ISO8601Time.parse("2026-07-01T11:03:00-0500") == expected)
    #expect(ISO8601Time.parse("2026-07-01 16:03:00z") == expected)
    #expect(ISO8601Time.parse("2026-07-01T16:03:00.5Z") == expected.addingTimeInterval(0.5))
  }

  @Test(arguments: [
    "2026-07-01T16:03:00", "2026-13-01T00:00Z", "2026-02-29T00:00Z", "2026-07-01T24:00Z",
    "2026-07-01T16:60Z", "2026-07-01", "yesterday", "2026-07-01T16:03:00+2", "2026-07-01T16:03:00Z junk", "",
    "2026-07-01T16:03:00+25:00",
  ])
  func rejectsMalformedTimes(text: String) {
    #expect(ISO8601Time.parse(text) == nil)
  }

  @Test func leapDayOfALeapYear() {
    #expect(ISO8601Time.parse("2024-02-29T00:00Z") == Date(timeIntervalSince1970: 1_709_164_800))
  }

  @Test func readsWhatUTCTimeWrites() {
    #expect(
      ISO8601Time.parse(UTCTime.format(Date(timeIntervalSince1970: 1e9)))
        == Date(timeIntervalSince1970: 1e9))
  }
}
