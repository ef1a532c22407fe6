import FoundationEssentials
import Glibc
import Testing

@testable import StormrangeBase

@Suite struct LocalTimeTests {
  @Test func absurdDatesFromOtherToolsAreClampedNotACrash() {
    setenv("TZ", "UTC", 1)
    #expect(LocalTime.format(Date(timeIntervalSince1970: 1e300)) == "9999-12-31 23:59:59")
    #expect(LocalTime.format(Date(timeIntervalSince1970: -1e300)) == "0001-01-01 00:00:00")
    #expect(LocalTime.format(Date(timeIntervalSince1970: 1_782_921_780)) == "2026-07-01 16:03:00")
  }

  @Test func offsetsAreShownOnlyWhenTheyDiffer() {
    setenv("TZ", "UTC", 1)
    let date = Date(timeIntervalSince1970: 1_782_921_780)
    #expect(LocalTime.formatOffset(date) == "+00:00")
    #expect(LocalTime.offsetsIfTheyDiffer(date, date.addingTimeInterval(3600)) == ("", ""))
  }
}
