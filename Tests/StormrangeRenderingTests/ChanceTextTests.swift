import Testing

@testable import StormrangeRendering

@Suite struct ChanceTextTests {
  /// Never a bare 0 or 10 in 10: no forecast is certain.
  @Test(arguments: [(0.0, "under 1 in 20"), (0.049, "under 1 in 20"), (0.05, "1 in 10"), (0.5, "5 in 10"),
    (0.94, "9 in 10"), (0.951, "over 19 in 20"), (1.0, "over 19 in 20")])
  func aChanceReadsInTenthsAndNeverAsCertain(value: Double, words: String) {
    #expect(ChanceText.words(value) == words)
  }

  /// Beside `steady`, a direction short of 9 in 10 never reads "9 in 10", the share that would
  /// have claimed it.
  @Test func theChancesBesideSteadyRoundDown() {
    #expect(ChanceText.words(0.87) == "9 in 10")
    #expect(ChanceText.words(0.87, roundingDown: true) == "8 in 10")
    #expect(ChanceText.words(0.12, roundingDown: true) == "1 in 10")
    #expect(ChanceText.words(0.03, roundingDown: true) == "under 1 in 20")
  }
}
