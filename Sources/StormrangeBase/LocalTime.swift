import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// Shows dates in a time zone: the process's local zone (from `TZ` or /etc/localtime), via the C
/// library, which is fast and needs no ICU; or a fixed offset from UTC.
///
/// The zone is a value the program passes down (see `Session.localTime`) rather than something each
/// caller asks the C library for, so that tests pass a fixed zone in instead of setting `TZ`: a
/// variable of the whole process, which tests running in parallel would race for.
package struct LocalTime: Equatable, Sendable {
  /// Seconds east of UTC all year; nil: the process's local zone, with its summer time.
  private let fixedOffset: Int?

  /// The process's local zone, as `TZ` (or else /etc/localtime) says.
  package static let system = LocalTime(fixedOffset: nil)
  /// UTC, `+00:00`.
  package static let utc = LocalTime(offsetFromUTC: 0)

  /// A zone `seconds` east of UTC all year (`7200`: `+02:00`), with no summer time.
  package init(offsetFromUTC seconds: Int) { fixedOffset = seconds }

  private init(fixedOffset: Int?) { self.fixedOffset = fixedOffset }

  /// `2026-07-01 18:03:00`.
  package func format(_ date: Date) -> String {
    String(unsafeUninitializedCapacity: Self.formattedLength) { write(date, into: $0) }
  }

  /// Appends ``format(_:)``'s text to `bytes` without making a string: for a listing of many dates
  /// (`show`; a string each cost a fifth of printing 100k rows).
  package func append(_ date: Date, to bytes: inout [UInt8]) {
    let start = bytes.count
    bytes.append(contentsOf: repeatElement(0, count: Self.formattedLength))
    bytes.withUnsafeMutableBufferPointer { _ = write(date, into: .init(rebasing: $0[start...])) }
  }

  /// The length of `2026-07-01 18:03:00`: the year is always 4 digits (1–9999).
  private static let formattedLength = 19

  /// Writes ``format(_:)``'s text into the first ``formattedLength`` bytes of `buffer`.
  private func write(_ date: Date, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
    let parts = components(date)
    var position = 0
    func put(_ value: Int, _ width: Int, then separator: UInt8?) {
      var divisor = 1
      for _ in 1..<width { divisor *= 10 }
      while divisor > 0 {
        buffer[position] = UInt8(ascii: "0") + UInt8(value / divisor % 10)
        position += 1
        divisor /= 10
      }
      if let separator {
        buffer[position] = separator
        position += 1
      }
    }
    put(parts.year, 4, then: UInt8(ascii: "-"))
    put(parts.month, 2, then: UInt8(ascii: "-"))
    put(parts.day, 2, then: UInt8(ascii: " "))
    put(parts.hour, 2, then: UInt8(ascii: ":"))
    put(parts.minute, 2, then: UInt8(ascii: ":"))
    put(parts.second, 2, then: nil)
    return position
  }

  /// `18:03:00`.
  package func formatTime(_ date: Date) -> String {
    let parts = components(date)
    return "\(Self.pad(parts.hour)):\(Self.pad(parts.minute)):\(Self.pad(parts.second))"
  }

  /// The time of `date`, `18:03:00`, with the date in front when it is not the day of `reference`
  /// in this zone (`2026-07-01 18:03:00`): a clock time as messages and status lines show it.
  package func clock(_ date: Date, besides reference: Date) -> String {
    let (day, referenceDay) = (components(date), components(reference))
    let sameDay =
      day.year == referenceDay.year && day.month == referenceDay.month && day.day == referenceDay.day
    return sameDay ? formatTime(date) : format(date)
  }

  /// The zone's offset from UTC at `date`, `+02:00` (`-03:30`, `+00:00`).
  func formatOffset(_ date: Date) -> String {
    let offset = brokenDown(date).tm_gmtoff
    let minutes = abs(offset) / 60
    return (offset < 0 ? "-" : "+") + Self.pad(minutes / 60) + ":" + Self.pad(minutes % 60)
  }

  /// The UTC offsets of `start` and `end` (`+02:00`, `+01:00`) when they differ, as across the end
  /// of summer time, where `02:50:00` to `02:10:00` would read as time going backwards; else empty.
  package func offsetsIfTheyDiffer(_ start: Date, _ end: Date) -> (start: String, end: String) {
    let offsets = (formatOffset(start), formatOffset(end))
    return offsets.0 == offsets.1 ? ("", "") : offsets
  }

  /// The moment the zone's clocks read `civilSeconds` (seconds since 1970-01-01T00:00 on the wall
  /// clock); in the hour the clocks go back or skip, the one the C library's `mktime` chooses. Nil
  /// outside the years 1–9999.
  package func date(civilSeconds: Double) -> Date? {
    guard civilSeconds.isFinite,
      (Double(UTCTime.earliestSecond)...Double(UTCTime.latestSecond)).contains(civilSeconds)
    else {
      return nil
    }
    let whole = civilSeconds.rounded(.down)
    if let fixedOffset { return Date(timeIntervalSince1970: civilSeconds - Double(fixedOffset)) }
    var seconds = time_t(whole)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    parts.tm_isdst = -1
    let local = mktime(&parts)
    return Date(timeIntervalSince1970: Double(local) + (civilSeconds - whole))
  }

  package func components(_ date: Date)
    -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)
  {
    let parts = brokenDown(date)
    return (
      Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_hour),
      Int(parts.tm_min), Int(parts.tm_sec)
    )
  }

  /// `date` in the zone, by the C library.
  private func brokenDown(_ date: Date) -> tm {
    let shifted = date.timeIntervalSince1970 + Double(fixedOffset ?? 0)
    // Clamped to the years 1–9999: another tool's file may hold any date, and converting an absurd
    // one to time_t would trap.
    let clamped = min(max(shifted, Double(UTCTime.earliestSecond)), Double(UTCTime.latestSecond))
    var seconds = time_t(clamped.isNaN ? 0 : clamped.rounded(.down))
    var parts = tm()
    if let fixedOffset {
      gmtime_r(&seconds, &parts)
      parts.tm_gmtoff = fixedOffset
    } else {
      localtime_r(&seconds, &parts)
    }
    return parts
  }

  private static func pad(_ value: Int, _ width: Int = 2) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
  }
}
