import FoundationEssentials
import StormrangeBase

/// A detector message's own time, as rtl_433 (`-M time:…`) and Tasmota print it.
///
/// - ISO 8601 with `Z` or an offset (`+0000`, `+00:00`) is taken as given: rtl_433's
///   `-M time:iso:tz:utc` (`2026-11-25T10:09:31Z`), the form to use.
/// - Without a zone (rtl_433's default `2026-11-25 10:09:31`, `-M time:iso`, Tasmota's `Time`) it
///   is the local time of the zone given (the process's `TZ`), which is right only when the
///   detector's clock and stormrange's are in the same zone.
/// - Digits alone, with or without a fraction, are Unix seconds (`-M time:unix`).
enum MessageTime {
  static func parse(_ text: String, zone: LocalTime) -> Date? {
    if let seconds = unixSeconds(text) { return Date(timeIntervalSince1970: seconds) }
    return ISO8601Time.parse(text, zonelessIn: zone)
  }

  /// `1795613077` or `1795613077.123456`; nil for anything else.
  private static func unixSeconds(_ text: String) -> Double? {
    let bytes = text.utf8
    guard let first = bytes.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
      bytes.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: ".") }),
      bytes.filter({ $0 == UInt8(ascii: ".") }).count <= 1, bytes.count <= 24
    else { return nil }
    return Double(text)
  }
}
