import Testing

@testable import StormrangeBase

@Suite struct CivilTimeTests {
  @Test func roundTripsDaysAcrossCenturies() {
    for days in stride(from: -800_000, through: 800_000, by: 997) {
      let date = CivilTime.date(days: days)
      #expect(CivilTime.days(year: date.year, month: date.month, day: date.day) == days)
    }
    #expect(CivilTime.days(year: 1970, month: 1, day: 1) == 0)
    #expect(CivilTime.days(year: 2000, month: 3, day: 1) == 11_017)
  }

  /// Walks every day of years 1 to 9999 with a naive calendar and checks both conversions.
  @Test func civilArithmeticMatchesANaiveCalendar() {
    var days = CivilTime.days(year: 1, month: 1, day: 1)
    #expect(days == -719_162)
    for year in 1...9999 {
      let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      let lengths: [Int] = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
      for month in 1...12 {
        for day in 1...lengths[month - 1] {
          if CivilTime.days(year: year, month: month, day: day) != days
            || CivilTime.date(days: days) != (year, month, day)
          {
            Issue.record("mismatch at \(year)-\(month)-\(day)")
            return
          }
          days += 1
        }
      }
    }
  }
}
