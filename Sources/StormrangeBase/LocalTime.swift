import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// Shows dates in the user's local time zone (from `TZ` or /etc/localtime) via the C library,
/// which is fast and needs no ICU.
public enum LocalTime {
  /// `2026-07-01 18:03:00`.
  public static func format(_ date: Date) -> String {
    let parts = components(date)
    return "\(pad(parts.year, 4))-\(pad(parts.month))-\(pad(parts.day)) "
      + "\(pad(parts.hour)):\(pad(parts.minute)):\(pad(parts.second))"
  }

  /// `18:03:00`.
  public static func formatTime(_ date: Date) -> String {
    let parts = components(date)
    return "\(pad(parts.hour)):\(pad(parts.minute)):\(pad(parts.second))"
  }

  /// The local zone's offset from UTC at `date`, `+02:00` (`-03:30`, `+00:00`).
  public static func formatOffset(_ date: Date) -> String {
    let offset = brokenDown(date).tm_gmtoff
    let minutes = abs(offset) / 60
    return (offset < 0 ? "-" : "+") + pad(minutes / 60) + ":" + pad(minutes % 60)
  }

  /// The UTC offsets of `start` and `end` (`+02:00`, `+01:00`) when they differ, as across the end
  /// of summer time, where `02:50:00` to `02:10:00` would read as time going backwards; else empty.
  public static func offsetsIfTheyDiffer(_ start: Date, _ end: Date) -> (start: String, end: String) {
    let offsets = (formatOffset(start), formatOffset(end))
    return offsets.0 == offsets.1 ? ("", "") : offsets
  }

  public static func components(_ date: Date)
    -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)
  {
    let parts = brokenDown(date)
    return (
      Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_hour),
      Int(parts.tm_min), Int(parts.tm_sec)
    )
  }

  /// `date` in the local zone, by the C library.
  private static func brokenDown(_ date: Date) -> tm {
    // Clamped to the years 1–9999: another tool's file may hold any date, and converting an absurd
    // one to time_t would trap.
    let clamped = min(max(date.timeIntervalSince1970, -62_135_596_800), 253_402_300_799)
    var seconds = time_t(clamped.isNaN ? 0 : clamped.rounded(.down))
    var parts = tm()
    localtime_r(&seconds, &parts)
    return parts
  }

  private static func pad(_ value: Int, _ width: Int = 2) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
  }
}
