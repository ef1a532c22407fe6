import Testing

@testable import StormrangeDomain

@Suite struct StrictNumberTests {
  @Test(arguments: [
    ("6", 6.0), ("6.5", 6.5), ("+6.5", 6.5), ("0.25", 0.25), (".5", 0.5), ("5.", 5), ("1e2", 100),
    ("2.5E-1", 0.25),
  ])
  func acceptsDecimalNumbers(text: String, value: Double) {
    #expect(StrictNumber.parse(text) == value)
  }

  @Test(arguments: [
    "", "abc", "nan", "NaN", "inf", "-inf", "infinity", "0x10", "1e309", "6,5", "6.5.1", "--6", "e5", "1e",
    "٣", "６", "6 s", " 6", "6\u{0}",
  ])
  func rejectsEverythingElse(text: String) {
    #expect(StrictNumber.parse(text) == nil)
  }

  /// `-0 == 0` holds for +0 too; only the sign tells them apart. (`add -0` is refused because the
  /// value is not positive: MeasurementRulesTests.)
  @Test func negativeZeroKeepsItsSign() throws {
    let negative = try #require(StrictNumber.parse("-0"))
    #expect(negative.isZero && negative.sign == .minus)
    let positive = try #require(StrictNumber.parse("0"))
    #expect(positive.isZero && positive.sign == .plus)
  }
}
