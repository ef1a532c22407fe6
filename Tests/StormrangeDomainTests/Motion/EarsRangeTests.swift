import Testing

@testable import StormrangeDomain

/// A range timed by ear, as the nowcast reads it.
@Suite struct EarsRangeTests {
  let twenty = EarsRange(observed(0, km: 20))

  /// Thunder comes first from the nearest part of the channel, so a timed range is likeliest from
  /// strikes about a kilometre beyond it.
  @Test func aTimedRangeIsLikeliestFromAKilometreBeyondIt() {
    let beyond = twenty.logLikelihood(strike: 21_000, scatter: 700)
    #expect(beyond > twenty.logLikelihood(strike: 20_000, scatter: 700))
    #expect(beyond > twenty.logLikelihood(strike: 22_000, scatter: 700))
  }

  /// A storm whose strikes scatter widely makes a range far from its centre less surprising.
  @Test func aWideScatterExplainsAFarRangeBetter() {
    #expect(
      twenty.logLikelihood(strike: 30_000, scatter: 4_500)
        > twenty.logLikelihood(strike: 30_000, scatter: 700))
  }

  @Test func theFirstHypothesesSpanTheRangeAndTheChannelNeverNearerThan100Metres() {
    let span = twenty.seedSpan
    #expect(span.nearest < 20_000 && span.farthest > 21_000)
    #expect(EarsRange(observed(0, km: 0.5)).seedSpan.nearest == NowcastConstants.nearestSeed)
  }
}
