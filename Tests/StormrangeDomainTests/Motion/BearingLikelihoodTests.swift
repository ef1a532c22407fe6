import Testing

@testable import StormrangeDomain

/// A bearing judged by eye, as the nowcast reads it.
@Suite struct BearingLikelihoodTests {
  @Test func compassPointsCarryTheirRoundingStep() {
    let eye = NowcastConstants.bearingError
    #expect(BearingLikelihood.spread(of: 157.5) > (eye * eye + 22.5 * 22.5 / 12).squareRoot() - 1e-9)
    #expect(BearingLikelihood.spread(of: 160) < BearingLikelihood.spread(of: 157.5))
    #expect(BearingLikelihood.spread(of: 161) == eye)
  }

  /// The likeliest centre is in the bearing's direction, and north is no edge: 359° is as near 1°
  /// as 357°.
  @Test func aBearingIsLikeliestTowardItAndWrapsAtNorth() {
    let bearing = BearingLikelihood(359)
    func at(_ degrees: Double) -> Double {
      let radians = degrees * Double.pi / 180
      return bearing.logLikelihood(
        east: 20_000 * Math.sin(radians), north: 20_000 * Math.cos(radians), range: 20_000, scatter: 700)
    }
    #expect(at(359) > at(1) && at(359) > at(357) && at(359) > at(300))
    #expect(abs(at(1) - at(357)) < 1e-9)
  }

  /// Close by, a storm's strikes spread across many degrees, so a bearing says less there.
  @Test func aNearStormsBearingSaysLess() {
    let bearing = BearingLikelihood(90.3)
    let miss = { (range: Double) in
      bearing.logLikelihood(east: range, north: 0, range: range, scatter: 2_000)
        - bearing.logLikelihood(east: 0, north: range, range: range, scatter: 2_000)
    }
    #expect(miss(3_000) < miss(30_000))
  }
}
