import FoundationEssentials
import StormrangeBase

/// Durations and clock times as status lines show them.
package enum DurationText {
  /// `under a minute`, `8 min`, `1 h 05 min`, `3 days`: for "ago" and "in about".
  package static func approximate(_ seconds: Double) -> String {
    let minutes = Int((min(max(0, seconds), 1e12) / 60).rounded())
    if seconds < 30 { return "under a minute" }
    if minutes < 60 { return "\(minutes) min" }
    if minutes < 48 * 60 {
      let rest = minutes % 60
      return "\(minutes / 60) h \(rest < 10 ? "0" : "")\(rest) min"
    }
    return "\(minutes / (24 * 60)) days"
  }

  /// `2 min ago`; nil for a time after `now`, which is never said with "ago" (a clock ahead, within
  /// ``StormrangeDomain/MeasurementRules/clockTolerance``).
  package static func ago(_ date: Date, now: Date) -> String? {
    date > now ? nil : approximate(now.timeIntervalSince(date)) + " ago"
  }

  /// `2 min ago (18:23:06)`, or `at 18:23:40` for a time after `now`.
  static func since(_ date: Date, now: Date, in localTime: LocalTime) -> String {
    let time = clock(date, besides: now, in: localTime)
    return ago(date, now: now).map { "\($0) (\(time))" } ?? "at \(time)"
  }

  /// `27:03`, counting down whole seconds (rounded up, so it never shows 00:00 before the time).
  static func countdown(_ seconds: Double) -> String {
    let total = Int(min(max(0, seconds), 1e12).rounded(.up))
    let minutes = total / 60
    let rest = total % 60
    return "\(minutes < 10 ? "0" : "")\(minutes):\(rest < 10 ? "0" : "")\(rest)"
  }

  /// The time of `date` in `localTime`, `18:03:00`, with the date in front when it is not the day
  /// of `reference` (`2026-07-01 18:03:00`): ``StormrangeBase/LocalTime/clock(_:besides:)``.
  package static func clock(_ date: Date, besides reference: Date, in localTime: LocalTime) -> String {
    localTime.clock(date, besides: reference)
  }

  /// A clock time to the minute, `18:03` (`2026-07-01 18:03`), from one to the second as
  /// ``clock(_:besides:in:)`` and ``StormrangeBase/LocalTime`` write it, `18:03:00`.
  package static func toTheMinute(_ clock: some StringProtocol) -> String {
    String(clock.dropLast(3))
  }
}
