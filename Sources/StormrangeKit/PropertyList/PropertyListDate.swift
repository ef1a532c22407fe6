import FoundationEssentials

/// The `<date>` text of XML property lists: `2026-07-01T16:03:00Z`, always UTC.
///
/// Written by hand (days-from-civil arithmetic after Howard Hinnant's `chrono` algorithms) because
/// `Calendar` and `DateFormatter` live in full Foundation, whose start-up cost we avoid, and because
/// this is much faster for the hundred thousand dates of a large history.
enum PropertyListDate {
  /// The first and last second that four-digit years can hold (0001-01-01T00:00:00Z and
  /// 9999-12-31T23:59:59Z), as seconds since 1970.
  static let earliestSecond: Int64 = -62_135_596_800
  static let latestSecond: Int64 = 253_402_300_799

  /// Whether `date` has a four-digit year, so `format` renders it exactly (and plistlib can read it).
  static func isRepresentable(_ date: Date) -> Bool {
    let seconds = date.timeIntervalSince1970
    return seconds >= Double(earliestSecond) && seconds < Double(latestSecond) + 1
  }

  /// `date` as `YYYY-MM-DDTHH:MM:SSZ` in UTC, rounded down to the whole second. Dates outside the
  /// years 0001–9999 (and non-finite ones) are clamped to that range; the writer rejects them first.
  static func format(_ date: Date) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(20)
    append(date, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `format(date)` as UTF-8 bytes, without building a `String`.
  static func append(_ date: Date, to buffer: inout [UInt8]) {
    let interval = date.timeIntervalSince1970
    let seconds: Int64
    if interval.isNaN || interval < Double(earliestSecond) {
      seconds = earliestSecond
    } else if interval >= Double(latestSecond) + 1 {
      seconds = latestSecond
    } else {
      seconds = Int64(interval.rounded(.down))
    }
    var days = seconds / 86_400
    var secondOfDay = seconds % 86_400
    if secondOfDay < 0 {
      secondOfDay += 86_400
      days -= 1
    }
    let (year, month, day) = civil(fromDays: days)
    appendDigits(year, count: 4, to: &buffer)
    buffer.append(UInt8(ascii: "-"))
    appendDigits(month, count: 2, to: &buffer)
    buffer.append(UInt8(ascii: "-"))
    appendDigits(day, count: 2, to: &buffer)
    buffer.append(UInt8(ascii: "T"))
    appendDigits(secondOfDay / 3600, count: 2, to: &buffer)
    buffer.append(UInt8(ascii: ":"))
    appendDigits(secondOfDay / 60 % 60, count: 2, to: &buffer)
    buffer.append(UInt8(ascii: ":"))
    appendDigits(secondOfDay % 60, count: 2, to: &buffer)
    buffer.append(UInt8(ascii: "Z"))
  }

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

  /// Days since 1970-01-01 of a proleptic Gregorian date (see ``CivilTime``).
  static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
    Int64(CivilTime.days(year: Int(year), month: Int(month), day: Int(day)))
  }

  /// The proleptic Gregorian date of a day counted from 1970-01-01.
  static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let date = CivilTime.date(days: Int(days))
    return (Int64(date.year), Int64(date.month), Int64(date.day))
  }

  private static func daysInMonth(year: Int64, month: Int64) -> Int64 {
    Int64(CivilTime.daysInMonth(year: Int(year), month: Int(month)))
  }

  private static func appendDigits(_ value: Int64, count: Int, to buffer: inout [UInt8]) {
    var divisor: Int64 = 1
    for _ in 1..<count { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      buffer.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }
}
