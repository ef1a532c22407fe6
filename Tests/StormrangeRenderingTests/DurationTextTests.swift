import Testing

@testable import StormrangeRendering

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

  /// Any span, as dates from another tool's file can make (issue 17's audit of conversions to
  /// whole numbers): clamped, never a trap.
  @Test func anySpanWithoutTrapping() {
    #expect(DurationText.approximate(.infinity) == "11574074 days")
    #expect(DurationText.approximate(1e300) == "11574074 days")
    #expect(DurationText.approximate(.nan) == "0 min")
    #expect(DurationText.approximate(-.infinity) == "under a minute")
    #expect(DurationText.countdown(.infinity) == "16666666666:40")
    #expect(DurationText.countdown(.nan) == "00:00")
    #expect(DurationText.countdown(-1e300) == "00:00")
  }
}
