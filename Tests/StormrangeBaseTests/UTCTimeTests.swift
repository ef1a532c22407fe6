import FoundationEssentials
import Testing

@testable import StormrangeBase

@Suite struct UTCTimeTests {
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
      #expect(UTCTime.format(Date(timeIntervalSince1970: seconds)) == text)
      var bytes: [UInt8] = []
      UTCTime.append(Date(timeIntervalSince1970: seconds), to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == text)
    }
  }

  @Test func formattingClampsToFourDigitYears() {
    #expect(UTCTime.format(Date(timeIntervalSince1970: -1e15)) == "0001-01-01T00:00:00Z")
    #expect(UTCTime.format(Date(timeIntervalSince1970: 1e15)) == "9999-12-31T23:59:59Z")
    #expect(UTCTime.format(Date(timeIntervalSince1970: .nan)) == "0001-01-01T00:00:00Z")
    #expect(UTCTime.format(Date(timeIntervalSince1970: .infinity)) == "9999-12-31T23:59:59Z")
    #expect(!UTCTime.isRepresentable(Date(timeIntervalSince1970: -62_135_596_801)))
    #expect(UTCTime.isRepresentable(Date(timeIntervalSince1970: -62_135_596_800)))
    #expect(UTCTime.isRepresentable(Date(timeIntervalSince1970: 253_402_300_799.9)))
    #expect(!UTCTime.isRepresentable(Date(timeIntervalSince1970: 253_402_300_800)))
  }
}
