import FoundationEssentials

/// The US National Weather Service's lightning advice, in its current words: "When thunder roars,
/// go indoors."
///
/// Anyone who can hear thunder is within striking distance, so there are two levels: shelter now
/// while thunder was heard in the last ``allClearWait`` (30 minutes), and all clear after that. The
/// NWS dropped the old "30-second rule" (shelter only when the delay is 30 s or less) because people
/// waited for it. Whether lightning struck within about ``closeDistance`` (10 km) in those 30
/// minutes is information shown beside the level, not a level of its own.
///
/// A detector's reading counts as thunder heard at its date (``Measurement/thunderDate``). A located
/// group counts so only when its nearest strike was within ``thunderAudibleDistance`` (16 km): a
/// network sees strikes 100 km away, which no one hears. Lightning within about 10 km counts a
/// located group by its nearest strike, so that no strike within 10 km is missed. Whether a storm
/// is over does not follow the advice's rule: it counts every strike at any range (``Storm/overAt``).
package struct SafetyAdvice: Equatable, Sendable {
  package enum Level: String, Equatable, Sendable {
    /// Thunder was heard within the last 30 minutes.
    case shelterNow = "shelter-now"
    /// 30 minutes have passed since the last thunder, or there is none.
    case allClear = "all-clear"
  }

  /// Seconds after the last thunder until it is safe to go out again: what decides the all-clear,
  /// and so when a storm is over (``Storm/overAt``). The NWS's 30 minutes; as long as
  /// ``Storm/separatingGap`` today, but a rule of its own: that one decides which flashes are one
  /// storm, and the two may come to differ.
  package static let allClearWait: Double = 30 * 60
  /// Metres within which lightning counts as close: about 10 km.
  package static let closeDistance = 10_000.0
  /// Metres within which a located strike counts as thunder heard: 16 km, the 10 miles of the NWS's
  /// "if you can hear it, you can be struck" (thunder is rarely heard farther).
  package static let thunderAudibleDistance = 16_000.0

  package let level: Level
  /// When the latest thunder was heard; nil with no measurements.
  package let lastThunder: Date?
  /// When the all-clear comes (or came) if no more thunder is heard; nil with no measurements.
  package let allClear: Date?
  /// Seconds from `now` until ``allClear``; 0 once it is clear.
  package let remaining: Double
  /// Seconds from the last thunder to `now` (never negative); nil with no measurements.
  package let sinceLastThunder: Double?
  /// Whether a measurement of the last 30 minutes put lightning within about 10 km.
  package let lightningWithinCloseDistance: Bool
  /// Whether the latest "thunder" was a detector's reading rather than thunder heard.
  package let lastThunderWasDetected: Bool
  /// Whether the latest "thunder" was a located group's strike within ``thunderAudibleDistance``.
  package let lastThunderWasLocated: Bool
  /// When the latest thunder of lightning within about 10 km was heard; nil when there was none.
  let lastCloseThunder: Date?

  /// The advice when there are no measurements: all clear, with no thunder to count from (the same
  /// at any time).
  static let noMeasurements = SafetyAdvice(
    lastThunder: nil, detected: false, located: false, lastCloseThunder: nil, now: Date(timeIntervalSince1970: 0))

  /// The advice at `now` from `measurements`: all of them up to now, whatever storm they were
  /// grouped into. The last thunder is always the current storm's (an earlier storm's last flash
  /// was 30 minutes before its first, and a delay is at most 5), but a close flash of an earlier
  /// storm can have been heard in the last 30 minutes.
  package init(measurements: some Sequence<Measurement>, now: Date) {
    var lastThunder: Date?
    var detected = false
    var located = false
    var lastCloseThunder: Date?
    for measurement in measurements where Self.countsAsThunderHeard(measurement) {
      let thunder = measurement.thunderDate
      if lastThunder.map({ thunder > $0 }) ?? true {
        lastThunder = thunder
        detected = measurement.source != nil
        located = measurement.fix != nil
      }
      if Self.nearestDistance(of: measurement) <= Self.closeDistance, lastCloseThunder.map({ thunder > $0 }) ?? true {
        lastCloseThunder = thunder
      }
    }
    self.init(
      lastThunder: lastThunder, detected: detected, located: located, lastCloseThunder: lastCloseThunder, now: now)
  }

  /// Whether `measurement` is thunder heard: every measurement but a located group whose nearest
  /// strike was beyond ``thunderAudibleDistance``.
  package static func countsAsThunderHeard(_ measurement: Measurement) -> Bool {
    measurement.fix.map { $0.nearest <= thunderAudibleDistance } ?? true
  }

  /// How near `measurement` put lightning: its distance, or a located group's nearest strike's.
  static func nearestDistance(of measurement: Measurement) -> Double {
    measurement.fix?.nearest ?? measurement.distance
  }

  private init(lastThunder: Date?, detected: Bool, located: Bool, lastCloseThunder: Date?, now: Date) {
    self.lastThunder = lastThunder
    self.lastCloseThunder = lastCloseThunder
    allClear = lastThunder?.addingTimeInterval(Self.allClearWait)
    sinceLastThunder = lastThunder.map { max(0, now.timeIntervalSince($0)) }
    remaining = allClear.map { max(0, $0.timeIntervalSince(now)) } ?? 0
    level = remaining > 0 ? .shelterNow : .allClear
    lightningWithinCloseDistance =
      lastCloseThunder.map { $0 > now.addingTimeInterval(-Self.allClearWait) } ?? false
    lastThunderWasDetected = detected
    lastThunderWasLocated = located
  }

  /// The same measurements' advice at `later`, without going through them again: the countdown and
  /// the level move on with the clock.
  package func at(_ later: Date) -> SafetyAdvice {
    SafetyAdvice(
      lastThunder: lastThunder, detected: lastThunderWasDetected, located: lastThunderWasLocated,
      lastCloseThunder: lastCloseThunder, now: later)
  }

  /// The next moment after `now` at which the advice changes by itself, with no new measurement:
  /// the all-clear, or lightning within about 10 km dropping out of the last 30 minutes (which is
  /// never after the all-clear). Nil when neither is still to come.
  package func nextChange(after now: Date) -> Date? {
    let closeEnds = lastCloseThunder?.addingTimeInterval(Self.allClearWait)
    return [closeEnds, allClear].compactMap { $0 }.filter { $0 > now }.min()
  }
}
