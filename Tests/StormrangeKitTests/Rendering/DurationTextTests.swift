import Testing

@testable import StormrangeKit

@Suite struct DurationTextTests {
  @Test func durations() {
    #expect(DurationText.approximate(10) == "under a minute")
    #expect(DurationText.approximate(8 * 60 + 10) == "8 min")
    #expect(DurationText.approximate(65 * 60) == "1 h 05 min")
    #expect(DurationText.approximate(3 * 86400) == "3 days")
  }

  @Test func countdownsRoundUpToWholeSeconds() {
    #expect(DurationText.countdown(1740) == "29:00")
    #expect(DurationText.countdown(0.5) == "00:01")
  }
}
