import FoundationEssentials
import Testing

@testable import StormrangeKit

@Suite struct PropertyListDateTests {
  @Test func formatting() {
    let cases: [(Double, String)] = [
      (0, "1970-01-01T00:00:00Z"), (1_782_921_780, "2026-07-01T16:03:00Z"), (-1, "1969-12-31T23:59:59Z"),
      (-14_182_940, "1969-07-20T20:17:40Z"), (951_782_400, "2000-02-29T00:00:00Z"),
      (4_107_542_400, "2100-03-01T00:00:00Z"), (4_107_542_399, "2100-02-28T23:59:59Z"),
      (-2_208_988_800, "1900-01-01T00:00:00Z"), (-62_135_596_800, "0001-01-01T00:00:00Z"),
      (253_402_300_799, "9999-12-31T23:59:59Z"), (1_782_921_780.999, "2026-07-01T16:03:00Z"),
      (-0.5, "1969-12-31T23:59:59Z"), (978_307_200, "2001-01-01T00:00:00Z"),
    ]
    for (seconds, text) in cases {
      #expect(PropertyListDate.format(Date(timeIntervalSince1970: seconds)) == text)
      var bytes: [UInt8] = []
      PropertyListDate.append(Date(timeIntervalSince1970: seconds), to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == text)
    }
  }

  @Test func formattingClampsToFourDigitYears() {
    #expect(PropertyListDate.format(Date(timeIntervalSince1970: -1e15)) == "0001-01-01T00:00:00Z")
    #expect(PropertyListDate.format(Date(timeIntervalSince1970: 1e15)) == "9999-12-31T23:59:59Z")
    #expect(PropertyListDate.format(Date(timeIntervalSince1970: .nan)) == "0001-01-01T00:00:00Z")
    #expect(PropertyListDate.format(Date(timeIntervalSince1970: .infinity)) == "9999-12-31T23:59:59Z")
    #expect(!PropertyListDate.isRepresentable(Date(timeIntervalSince1970: -62_135_596_801)))
    #expect(PropertyListDate.isRepresentable(Date(timeIntervalSince1970: -62_135_596_800)))
    #expect(PropertyListDate.isRepresentable(Date(timeIntervalSince1970: 253_402_300_799.9)))
    #expect(!PropertyListDate.isRepresentable(Date(timeIntervalSince1970: 253_402_300_800)))
  }

  @Test func parsing() {
    #expect(
      PropertyListDate.parse(Array("2026-07-01T16:03:00Z".utf8)) == Date(timeIntervalSince1970: 1_782_921_780)
    )
    #expect(
      PropertyListDate.parse(Array("2026-07-01T16:03:00.125Z".utf8))
        == Date(timeIntervalSince1970: 1_782_921_780.125))
    #expect(PropertyListDate.parse(Array("1969-12-31T23:59:59.5Z".utf8)) == Date(timeIntervalSince1970: -0.5))
    #expect(PropertyListDate.parse(Array("2026-07-01T16:03:00.1234567890123456789Z".utf8)) != nil)
    #expect(PropertyListDate.parse(Array("2026-07-01T16:03:00".utf8)) == nil)
    #expect(PropertyListDate.parse([UInt8]()) == nil)
  }

  /// Walks every day of years 1 to 9999 with a naive calendar and checks both conversions.
  @Test func civilArithmeticMatchesANaiveCalendar() {
    var days = PropertyListDate.days(fromCivil: 1, 1, 1)
    #expect(days == -719_162)
    for year in Int64(1)...9999 {
      let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      let lengths: [Int64] = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
      for month in Int64(1)...12 {
        for day in Int64(1)...lengths[Int(month - 1)] {
          if PropertyListDate.days(fromCivil: year, month, day) != days
            || PropertyListDate.civil(fromDays: days) != (year, month, day)
          {
            Issue.record("mismatch at \(year)-\(month)-\(day)")
            return
          }
          days += 1
        }
      }
    }
  }

  @Test func randomRoundTrips() {
    var generator = PropertyListRandom(seed: 5)
    for _ in 0..<5000 {
      let seconds = Double(Int64.random(in: -62_135_596_800...253_402_300_799, using: &generator))
      let date = Date(timeIntervalSince1970: seconds)
      #expect(PropertyListDate.parse(Array(PropertyListDate.format(date).utf8)) == date)
    }
  }
}
