import Testing

@testable import StormrangeBase
@testable import StormrangeShell

/// A storm timed over fifteen minutes, ending at 15:55Z; the session's clock stands at 15:56Z.
/// Delays 38, 31, 24, 17 s five minutes apart: 7 s (2.4 km) closer every 5 minutes, about 29 km/h.
package func approachingStorm(mode: SessionMode = .batch) -> TestSession {
  let test = TestSession(mode: mode)
  test.clock.moment = Moment(wall: ISO8601Time.parse("2026-07-01T15:56:00Z")!, monotonic: 1000)
  test.runAll([
    "add 38 at 2026-07-01T15:40:00Z", "add 31 at 2026-07-01T15:45:00Z", "add 24 at 2026-07-01T15:50:00Z",
    "add 17 at 2026-07-01T15:55:00Z",
  ])
  _ = test.output.take()
  return test
}

/// The clock time of `text` as a ``TestSession`` shows it.
package func local(_ text: String) -> String { LocalTime.utc.formatTime(ISO8601Time.parse(text)!) }
