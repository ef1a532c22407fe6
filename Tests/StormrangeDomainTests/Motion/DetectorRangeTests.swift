import Testing

@testable import StormrangeDomain

/// Another detector's range, as the nowcast reads it: ±10 % of the distance.
@Suite struct DetectorRangeTests {
  func reading(_ km: Double) -> DetectorRange {
    DetectorRange(
      RangeObservation(date: origin, distance: km * 1000, uncertainty: km * 100, sensor: .detector))
  }

  @Test func aReadingIsLikeliestAtItsDistance() {
    let ten = reading(10)
    let at = ten.logLikelihood(strike: 10_000, scatter: 700)
    #expect(
      at > ten.logLikelihood(strike: 12_000, scatter: 700)
        && at > ten.logLikelihood(strike: 8_000, scatter: 700))
  }

  /// The error grows with the distance: 3 km off costs less at 30 km than at 10 km.
  @Test func aMissCostsLessFartherOut() {
    let (ten, thirty) = (reading(10), reading(30))
    let missAtTen =
      ten.logLikelihood(strike: 10_000, scatter: 700) - ten.logLikelihood(strike: 13_000, scatter: 700)
    let missAtThirty =
      thirty.logLikelihood(strike: 30_000, scatter: 700) - thirty.logLikelihood(strike: 33_000, scatter: 700)
    #expect(missAtThirty < missAtTen)
  }

  @Test func theFirstHypothesesSpanHalfToOneAndAHalfTimesTheReadingAndMore() {
    let span = reading(20).seedSpan
    #expect(span.nearest < 10_000 && span.farthest > 32_000)
    #expect(reading(2).seedSpan.nearest == NowcastConstants.nearestSeed)
  }
}
