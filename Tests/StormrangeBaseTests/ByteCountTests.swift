import Testing

@testable import StormrangeBase

@Suite struct ByteCountTests {
  @Test func sizesAreExactWithTheirDigitsGrouped() {
    #expect(ByteCount.text(256_000_001) == "256,000,001 bytes")
    #expect(ByteCount.text(1) == "1 byte")
    #expect(ByteCount.text(0) == "0 bytes")
    #expect(ByteCount.text(999) == "999 bytes")
    #expect(ByteCount.grouped(1000) == "1,000")
    #expect(ByteCount.grouped(-1_234_567) == "-1,234,567")
    #expect(ByteCount.grouped(Int64.max) == "9,223,372,036,854,775,807")
  }
}
