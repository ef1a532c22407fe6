import FoundationEssentials

/// Parses the times users type after `at`: ISO 8601 with an explicit offset or `Z`.
///
/// Accepted: `2026-07-01T18:03:00+02:00`, `2026-07-01T16:03Z`, `2026-07-01T18:03:00.5+0200`,
/// `2026-07-01 16:03:00Z`. A time without an offset is rejected rather than guessed.
///
/// Our own because one `Date.ISO8601FormatStyle` takes one shape: it would need a style for each of
/// these (with or without seconds, fraction, `T` or space, `+02:00` or `+0200`) tried in turn, for
/// a parse that runs once per typed line.
package enum ISO8601Time {
  package static func parse(_ text: String) -> Date? {
    guard let fields = fields(text), let offset = fields.offset else { return nil }
    return Date(timeIntervalSince1970: fields.civilSeconds - Double(offset))
  }

  /// Like ``parse(_:)``, but a time without an offset (`2026-07-01 18:03:00`, as rtl_433 and Tasmota
  /// print their local clocks) is taken as a wall-clock time in `zone`.
  package static func parse(_ text: String, zonelessIn zone: LocalTime) -> Date? {
    guard let fields = fields(text) else { return nil }
    guard let offset = fields.offset else { return zone.date(civilSeconds: fields.civilSeconds) }
    return Date(timeIntervalSince1970: fields.civilSeconds - Double(offset))
  }

  /// The time's seconds since 1970-01-01T00:00 as written (its wall clock read as UTC), and its
  /// offset east of UTC in seconds (nil when it has none); nil when it is not such a time.
  private static func fields(_ text: String) -> (civilSeconds: Double, offset: Int?)? {
    let bytes = Array(text.utf8)
    var position = 0
    func number(_ count: Int) -> Int? {
      guard position + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[position..<position + count] {
        guard byte >= 48, byte <= 57 else { return nil }
        value = value * 10 + Int(byte - 48)
      }
      position += count
      return value
    }
    func expect(_ characters: String) -> Bool {
      guard position < bytes.count, characters.utf8.contains(bytes[position]) else { return false }
      position += 1
      return true
    }
    guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
      expect("Tt "), let hour = number(2), expect(":"), let minute = number(2)
    else { return nil }
    var second = 0.0
    if expect(":") {
      guard let whole = number(2) else { return nil }
      second = Double(whole)
      if expect(".,") {
        var scale = 0.1
        let start = position
        while position < bytes.count, bytes[position] >= 48, bytes[position] <= 57 {
          second += Double(bytes[position] - 48) * scale
          scale /= 10
          position += 1
        }
        guard position > start else { return nil }
      }
    }
    var offsetSeconds: Int? = 0
    if expect("Zz") {
      offsetSeconds = 0
    } else if position < bytes.count,
      bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
    {
      let sign = bytes[position] == UInt8(ascii: "-") ? -1 : 1
      position += 1
      guard let offsetHours = number(2) else { return nil }
      var offsetMinutes = 0
      if position < bytes.count {
        _ = expect(":")
        guard let minutes = number(2) else { return nil }
        offsetMinutes = minutes
      }
      guard offsetHours <= 18, offsetMinutes < 60 else { return nil }
      offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
    } else {
      offsetSeconds = nil
    }
    guard position == bytes.count, (1...12).contains(month),
      (1...CivilTime.daysInMonth(year: year, month: month)).contains(day), hour < 24, minute < 60,
      second < 60
    else { return nil }
    let days = CivilTime.days(year: year, month: month, day: day)
    return (Double(days * 86400 + hour * 3600 + minute * 60) + second, offsetSeconds)
  }

  /// Whether `text` is a valid time but for its second being 60: a leap second, which `parse`
  /// refuses (a `Date` has none), so that the message can say so rather than "not a time".
  package static func isLeapSecond(_ text: String) -> Bool {
    // YYYY-MM-DDTHH:MM:SS: the seconds are bytes 17 and 18.
    var bytes = Array(text.utf8)
    guard parse(text) == nil, bytes.count >= 19, bytes[16] == UInt8(ascii: ":"),
      bytes[17] == UInt8(ascii: "6"),
      bytes[18] == UInt8(ascii: "0")
    else { return false }
    bytes[17] = UInt8(ascii: "5")
    bytes[18] = UInt8(ascii: "9")
    return parse(String(decoding: bytes, as: UTF8.self)) != nil
  }
}
