import Testing

@testable import StormrangeDomain

@Suite struct StrictNumberTests {
  @Test(arguments: ["6", "6.5", "+6.5", "0.25", ".5", "5.", "1e2", "2.5E-1"])
  func acceptsDecimalNumbers(text: String) {
    #expect(StrictNumber.parse(text) != nil)
  }

  @Test(arguments: [
    "", "abc", "nan", "NaN", "inf", "-inf", "infinity", "0x10", "1e309", "6,5", "6.5.1", "--6", "e5", "1e",
    "٣", "６", "6 s", " 6", "6\u{0}",
  ])
  func rejectsEverythingElse(text: String) {
    #expect(StrictNumber.parse(text) == nil)
  }

  @Test func negativeZeroParsesAndIsNotPositive() {
    #expect(StrictNumber.parse("-0") == 0)
  }
}
