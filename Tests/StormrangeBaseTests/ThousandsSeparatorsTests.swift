import Testing

@testable import StormrangeBase

@Suite struct ThousandsSeparatorsTests {
  @Test(arguments: [
    (0, "0"), (999, "999"), (1000, "1,000"), (4_194_304, "4,194,304"), (256_000_001, "256,000,001"),
    (-12345, "-12,345"),
  ])
  func groupsOfThreeDigits(number: Int, text: String) {
    #expect(number.withThousandsSeparators == text)
  }
}
