import FoundationEssentials

extension ISO8601Time {
  /// `2026-07-01T16:03:00Z`: whole seconds in UTC, the form exports use. Dates before year 0 or
  /// after 9999 are clamped to those years' limits, which `parse` reads back.
  public static func formatUTC(_ date: Date) -> String {
    // Clamped first: a date from another tool's binary property list can be any double.
    let seconds = Int(min(max(date.timeIntervalSince1970, -1e15), 1e15).rounded(.down))
    var days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
    var secondOfDay = seconds - days * 86400
    let earliest = CivilTime.days(year: 0, month: 1, day: 1)
    let latest = CivilTime.days(year: 9999, month: 12, day: 31)
    if days < earliest { (days, secondOfDay) = (earliest, 0) }
    if days > latest { (days, secondOfDay) = (latest, 86399) }
    let (year, month, day) = CivilTime.date(days: days)
    func pad(_ value: Int, _ width: Int = 2) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(year, 4))-\(pad(month))-\(pad(day))T\(pad(secondOfDay / 3600)):"
      + "\(pad(secondOfDay / 60 % 60)):\(pad(secondOfDay % 60))Z"
  }
}
