import NowcastCalibration
import Testing

@Suite struct BandTests {
  @Test func bandsWidenByBinomialStandardErrors() {
    // p = 0.9 over 100 cases: σ = 0.03.
    #expect(Band.atLeast(0.9).widened(z: 2, count: 100) == .atLeast(0.9 - 0.06))
    let widened = Band.between(0.6, 0.9).widened(z: 1, count: 100)
    guard case .between(let lower, let upper) = widened else {
      Issue.record("\(widened)")
      return
    }
    #expect(abs(lower - (0.6 - (0.24 / 100).squareRoot())) < 1e-12)
    #expect(abs(upper - 0.93) < 1e-12)
    #expect(Band.atMost(0.05).widened(z: 0, count: 10) == .atMost(0.05))
  }

  @Test func bandsSayWhatTheyHold() {
    #expect(Band.atLeast(0.9).contains(0.9) && !Band.atLeast(0.9).contains(0.89))
    #expect(Band.atMost(0.05).contains(0.05) && !Band.atMost(0.05).contains(0.051))
    #expect(Band.between(0.6, 0.9).contains(0.75) && !Band.between(0.6, 0.9).contains(0.95))
    #expect(Band.between(0.6, 0.9).description == "60–90 %")
    #expect(Band.atLeast(0.815).description == "≥ 81.5 %")
  }

  @Test func quantilesTakeTheNearestRank() {
    #expect(ScenarioScore.quantile([3, 1, 2], 0.5) == 2)
    #expect(ScenarioScore.quantile([4, 1, 3, 2], 0) == 1)
    #expect(ScenarioScore.quantile([4, 1, 3, 2], 1.2) == 4)
    #expect(ScenarioScore.quantile([], 0.5) == nil)
  }
}
