import Testing

@testable import StormrangeDomain

/// An AS3935's step, as the nowcast reads it.
@Suite struct AS3935RangeTests {
  func step(_ km: Double) throws -> AS3935Range { try #require(AS3935Range(chip(0, km: km))) }

  @Test func aDistanceThatIsNoStepIsNoReading() {
    let between = RangeObservation(date: origin, distance: 11_000, uncertainty: 500, sensor: .as3935)
    #expect(AS3935Range(between) == nil)
  }

  @Test func aReadingIsLikeliestFromWithinItsStep() throws {
    let ten = try step(10)
    let within = ten.logLikelihood(strike: 10_000, scatter: 700)
    #expect(within > ten.logLikelihood(strike: 20_000, scatter: 700))
    #expect(within > ten.logLikelihood(strike: 3_000, scatter: 700))
  }

  /// Past its last step the chip gives no reading, so 40 km means "38.5 km or more": a storm at
  /// 45 km, past the step's interval, reads 40 about as readily as one at 40.
  @Test func theLastStepMeansOrMore() throws {
    let (forty, thirtySeven) = (try step(40), try step(37))
    #expect(forty.isLastStep && !thirtySeven.isLastStep)
    #expect(
      forty.logLikelihood(strike: 45_000, scatter: 700) > forty.logLikelihood(strike: 40_000, scatter: 700)
        - 0.5)
  }

  /// But the chip hears lightning only so far: a storm far past that is unlikely to read at all.
  @Test func aStormFarBeyondItsReachIsUnlikelyToRead() throws {
    let forty = try step(40)
    #expect(
      forty.logLikelihood(strike: 80_000, scatter: 700) < forty.logLikelihood(strike: 45_000, scatter: 700)
        - 2)
  }

  @Test func theFirstHypothesesOfTheLastStepReachFarther() throws {
    let (forty, thirtySeven) = (try step(40), try step(37))
    #expect(forty.seedSpan.nearest == NowcastConstants.nearestSeed)
    #expect(forty.seedSpan.farthest > 2.5 * 41_500 && thirtySeven.seedSpan.farthest < 2.5 * 38_500)
  }
}
