import FoundationEssentials
import Testing

@testable import StormrangeBase

@Suite struct LocalTimeTests {
  let date = Date(timeIntervalSince1970: 1_782_921_780)  // 2026-07-01T16:03:00Z

  @Test func absurdDatesFromOtherToolsAreClampedNotACrash() {
    #expect(LocalTime.utc.format(Date(timeIntervalSince1970: 1e300)) == "9999-12-31 23:59:59")
    #expect(LocalTime.utc.format(Date(timeIntervalSince1970: -1e300)) == "0001-01-01 00:00:00")
    #expect(LocalTime.utc.format(Date(timeIntervalSince1970: .nan)) == "1970-01-01 00:00:00")
    #expect(
      LocalTime(offsetFromUTC: 3600).format(Date(timeIntervalSince1970: 1e300)) == "9999-12-31 23:59:59")
    #expect(LocalTime.utc.format(date) == "2026-07-01 16:03:00")
  }

  @Test func aFixedZoneShowsItsTimeAndOffset() {
    let east = LocalTime(offsetFromUTC: 2 * 3600)
    #expect(east.format(date) == "2026-07-01 18:03:00")
    #expect(east.formatTime(date) == "18:03:00")
    #expect(east.formatOffset(date) == "+02:00")
    let west = LocalTime(offsetFromUTC: -(3 * 3600 + 30 * 60))
    #expect(west.format(date.addingTimeInterval(-15 * 3600)) == "2026-06-30 21:33:00")
    #expect(west.components(date.addingTimeInterval(-15 * 3600)) == (2026, 6, 30, 21, 33, 0))
    #expect(west.formatOffset(date) == "-03:30")
    #expect(LocalTime.utc.formatOffset(date) == "+00:00")
  }

  @Test func offsetsAreShownOnlyWhenTheyDiffer() {
    #expect(LocalTime.utc.offsetsIfTheyDiffer(date, date.addingTimeInterval(3600)) == ("", ""))
    // The process's zone agrees with itself, whatever `TZ` says; across summer time it is checked
    // end to end, where the binary runs with TZ=Europe/Berlin (Tests/EndToEnd/test_insight.py).
    #expect(LocalTime.system.offsetsIfTheyDiffer(date, date) == ("", ""))
    #expect(LocalTime.system != LocalTime.utc)
  }
}
