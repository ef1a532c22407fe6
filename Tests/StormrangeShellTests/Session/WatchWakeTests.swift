import Testing

@testable import StormrangeShell

/// How long `watch` sleeps in poll(2) when nothing wakes it sooner.
@Suite struct WatchWakeTests {
  @Test func withNothingDueItSleepsAMinuteAndALittleMore() {
    #expect(WatchWake.timeout(now: 1000.25, ticking: false, due: nil, until: nil) == 60_005)
  }

  @Test func tickingItWakesAtTheNextWholeSecond() {
    #expect(WatchWake.timeout(now: 1000.25, ticking: true, due: nil, until: nil) == 755)
    #expect(WatchWake.timeout(now: 1000, ticking: true, due: nil, until: nil) == 1005)
  }

  @Test func aStatusDueSoonerWakesItThen() {
    #expect(WatchWake.timeout(now: 1000, ticking: false, due: 1012.5, until: nil) == 12_505)
    #expect(WatchWake.timeout(now: 1000.25, ticking: true, due: 1000.5, until: nil) == 255)
    // Not later than a minute, however far off it is.
    #expect(WatchWake.timeout(now: 1000, ticking: false, due: 5000, until: nil) == 60_005)
  }

  @Test func aStatusOverdueOrTheCallersOwnMomentWakesItAtOnceOrThen() {
    #expect(WatchWake.timeout(now: 1000, ticking: false, due: 990, until: nil) == 5)
    #expect(WatchWake.timeout(now: 1000, ticking: false, due: nil, until: 2) == 2005)
    #expect(WatchWake.timeout(now: 1000, ticking: false, due: 1001, until: 2) == 1005)
  }

  @Test func partsOfAMillisecondAreRoundedUp() {
    #expect(WatchWake.timeout(now: 1000, ticking: false, due: 1000.0001, until: nil) == 6)
  }
}
