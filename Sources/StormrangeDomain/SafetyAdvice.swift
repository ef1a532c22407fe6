import FoundationEssentials

/// The US National Weather Service's lightning advice applied to the latest measurement.
///
/// "When thunder roars, go indoors": anyone who can hear thunder is within striking distance. A
/// delay of ``shelterDelay`` (30 s, about 10 km) or less means lightning is close: take shelter
/// now. It is safe to go out again only ``allClearWait`` (30 minutes) after the last thunder.
public struct SafetyAdvice: Equatable, Sendable {
  public enum Level: Equatable, Sendable {
    /// The last delay was 30 s or less, within the last 30 minutes.
    case takeShelterNow
    /// Thunder was heard within the last 30 minutes, farther than about 10 km.
    case withinStrikingDistance
    /// 30 minutes have passed since the last thunder.
    case allClear
  }

  public static let shelterDelay = 30.0
  public static let allClearWait: Double = 30 * 60

  public let level: Level
  /// When the latest thunder was heard: its flash plus the delay.
  public let lastThunder: Date
  /// When the all-clear comes if no more thunder is heard.
  public let allClear: Date
  /// Seconds from `now` until ``allClear``; 0 once it is clear.
  public let remaining: Double
  /// Seconds from the last thunder to `now` (never negative).
  public let sinceLastThunder: Double

  /// Whether `measurement` puts lightning within about 10 km: a delay of ``shelterDelay`` or less,
  /// or a detector's reading of 10 km or less.
  public static func isClose(_ measurement: Measurement) -> Bool {
    if let delay = measurement.delay { return delay <= shelterDelay }
    return measurement.distance <= DistanceTrend.closeDistance
  }

  public init(latest: Measurement, now: Date) {
    lastThunder = latest.thunderDate
    allClear = lastThunder.addingTimeInterval(Self.allClearWait)
    sinceLastThunder = max(0, now.timeIntervalSince(lastThunder))
    remaining = max(0, allClear.timeIntervalSince(now))
    if remaining == 0 {
      level = .allClear
    } else if Self.isClose(latest) {
      level = .takeShelterNow
    } else {
      level = .withinStrikingDistance
    }
  }
}
