import FoundationEssentials

/// A past time as a person says it, beside ISO 8601: a clock time (`02:50`, `02:50:30`) or a time
/// ago (`-5m`, `5 min ago`). A worried person looks at a watch, or thinks "five minutes ago"; nobody
/// types an offset. What the words mean depends on the clock and the time zone, which the caller
/// passes in (the session's), so that tests need not set `TZ`.
package enum SpokenTime {
  /// The units of a time ago, and their seconds: `s`, `sec`, `seconds`; `m`, `min`, `minutes`; `h`,
  /// `hours`, in any case.
  package static let units: [(words: [String], seconds: Double)] = [
    (["s", "sec", "secs", "second", "seconds"], 1),
    (["m", "min", "mins", "minute", "minutes"], 60),
    (["h", "hr", "hrs", "hour", "hours"], 3600),
  ]

  /// The longest time ago taken: a day. Further back a clock time would be ambiguous, and a storm
  /// that old is typed in ISO 8601.
  static let longestAgo: Double = 86400

  /// The moment `words` name, and how many of them it took: a clock time or `-5m` (one word), `5 min
  /// ago` or `5min ago` (three or two). Nil when the first words are neither.
  ///
  /// A clock time is today in `zone`, or yesterday when today's would be more than `lead` seconds
  /// after `now` (clocks disagree by a little: 18:03 typed at 18:02:40 is today).
  package static func parse(
    _ words: ArraySlice<String>, now: Date, in zone: LocalTime, lead: Double
  ) -> (date: Date, count: Int)? {
    guard let first = words.first else { return nil }
    if let date = clockTime(first, now: now, in: zone, lead: lead) { return (date, 1) }
    if first.hasPrefix("-"), let seconds = amount(String(first.dropFirst())) {
      return (now.addingTimeInterval(-seconds), 1)
    }
    let rest = Array(words.dropFirst().prefix(2))
    if rest.count >= 1, rest[0].isWord("ago"), let seconds = amount(first) {
      return (now.addingTimeInterval(-seconds), 2)
    }
    if rest.count == 2, rest[1].isWord("ago"), let seconds = amount(first + rest[0]) {
      return (now.addingTimeInterval(-seconds), 3)
    }
    return nil
  }

  /// Seconds in `text`, a number glued to a unit (`5m`, `90sec`, `1.5h`): more than nothing and at
  /// most ``longestAgo``; nil otherwise.
  static func amount(_ text: String) -> Double? {
    let digits = text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
    guard !digits.isEmpty, let number = Double(digits), number.isFinite else { return nil }
    let word = String(text.dropFirst(digits.count))
    guard let unit = units.first(where: { word.word(among: $0.words) != nil }) else { return nil }
    let seconds = number * unit.seconds
    return seconds >= 0 && seconds <= longestAgo ? seconds : nil
  }

  /// `HH:MM` or `HH:MM:SS` (24-hour, two digits each but the hour's may be one), today in `zone` or
  /// yesterday; nil when `text` is not one.
  static func clockTime(_ text: String, now: Date, in zone: LocalTime, lead: Double) -> Date? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(parts.count),
      parts.allSatisfy({ part in (1...2).contains(part.count) && part.allSatisfy { $0.isASCII && $0.isNumber }
      }),
      parts.dropFirst().allSatisfy({ $0.count == 2 }),
      let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60
    else { return nil }
    let second = parts.count == 3 ? Int(parts[2]) ?? 60 : 0
    guard second < 60 else { return nil }
    let today = zone.components(now)
    let days = CivilTime.days(year: today.year, month: today.month, day: today.day)
    let clock = Double(hour * 3600 + minute * 60 + second)
    guard let date = zone.date(civilSeconds: Double(days) * 86400 + clock) else { return nil }
    guard date.timeIntervalSince(now) > lead else { return date }
    return zone.date(civilSeconds: Double(days - 1) * 86400 + clock)
  }
}
