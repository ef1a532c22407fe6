import FoundationEssentials
import StormrangeBase

/// Reads the `<date>` text of XML property lists: `2026-07-01T16:03:00Z`, always UTC. It is written
/// with ``UTCTime``, the program's one UTC formatter.
///
/// Our own rather than `Date.ISO8601FormatStyle`'s `parse`: 14 ns a date against 983 ns (with the
/// `String` it needs), which made the first access to a 100k history 45 % more instructions
/// (measured 2026-11-25; the figures are in docs/performance.md).
enum PropertyListDate {
  /// Parses `YYYY-MM-DDTHH:MM:SSZ`, optionally with fractional seconds before the `Z`
  /// (`…T16:03:00.25Z`). Returns nil for anything else, including impossible dates (February 30).
  static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Date? {
    var iterator = bytes.makeIterator()
    func digits(_ count: Int, _ iterator: inout Bytes.Iterator) -> Int64? {
      var value: Int64 = 0
      for _ in 0..<count {
        guard let byte = iterator.next(), byte &- UInt8(ascii: "0") < 10 else { return nil }
        value = value * 10 + Int64(byte &- UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = digits(4, &iterator), iterator.next() == UInt8(ascii: "-"),
      let month = digits(2, &iterator), iterator.next() == UInt8(ascii: "-"),
      let day = digits(2, &iterator), iterator.next() == UInt8(ascii: "T"),
      let hour = digits(2, &iterator), iterator.next() == UInt8(ascii: ":"),
      let minute = digits(2, &iterator), iterator.next() == UInt8(ascii: ":"),
      let second = digits(2, &iterator)
    else { return nil }
    var fraction = 0.0
    var next = iterator.next()
    if next == UInt8(ascii: ".") {
      // Up to 15 digits are kept exactly; more are below a Date's precision anyway.
      var numerator: Int64 = 0
      var denominator: Int64 = 1
      var sawDigit = false
      next = iterator.next()
      while let byte = next, byte &- UInt8(ascii: "0") < 10 {
        if denominator < 1_000_000_000_000_000 {
          numerator = numerator * 10 + Int64(byte &- UInt8(ascii: "0"))
          denominator *= 10
        }
        sawDigit = true
        next = iterator.next()
      }
      guard sawDigit else { return nil }
      fraction = Double(numerator) / Double(denominator)
    }
    guard next == UInt8(ascii: "Z"), iterator.next() == nil else { return nil }
    guard year >= 1, (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
      hour < 24, minute < 60, second < 60
    else { return nil }
    let seconds = days(fromCivil: year, month, day) * 86_400 + hour * 3600 + minute * 60 + second
    return Date(timeIntervalSince1970: Double(seconds) + fraction)
  }

  private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
    Int64(CivilTime.days(year: Int(year), month: Int(month), day: Int(day)))
  }

  private static func daysInMonth(year: Int64, month: Int64) -> Int64 {
    Int64(CivilTime.daysInMonth(year: Int(year), month: Int(month)))
  }
}
