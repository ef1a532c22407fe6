import FoundationEssentials
import Testing

@testable import StormrangeDomain

/// A located group is a sensor of its own for the nowcast: its mean position's range, off by the
/// network's error and the storm's scatter, both reduced by its count.
@Suite struct LocatedGroupRangeTests {
  func group(metres: Double, strikes: Int) -> Measurement {
    let fix = LocatedFix(
      source: DetectorSource("blitzortung", kind: .located)!, position: GeoPosition(latitude: 52, longitude: 13)!,
      nearest: metres - 1_000, strikes: strikes, spread: 1_500)
    return Measurement(date: origin, distance: metres, origin: .located(fix), bearing: nil, note: nil)
  }

  @Test func aGroupIsItsOwnKindWithTheNetworksErrorReducedByItsCount() {
    let observation = RangeObservation(group(metres: 30_000, strikes: 25))
    #expect(observation.sensor == .located(strikes: 25))
    #expect(observation.uncertainty == DistanceUncertainty.locatedNetworkError / 5)
    #expect(observation.sensorRange is LocatedGroupRange)
  }

  @Test func moreStrikesMakeTheRangeSharperAndAGroupSharperThanAGenericDetector() {
    let scatter = 2_000.0
    // How much less likely a centre 3 km off is than one on the range.
    func drop(_ range: any SensorRange) -> Double {
      range.logLikelihood(strike: 30_000, scatter: scatter) - range.logLikelihood(strike: 33_000, scatter: scatter)
    }
    let one = RangeObservation(group(metres: 30_000, strikes: 1)).sensorRange
    let many = RangeObservation(group(metres: 30_000, strikes: 25)).sensorRange
    let generic = RangeObservation(
      Measurement(
        date: origin, distance: 30_000, origin: .detector(source: DetectorSource("porch")!), bearing: nil, note: nil)
    ).sensorRange
    #expect(drop(many) > drop(one))
    #expect(drop(one) > drop(generic))
    let seeds = many.seedSpan
    #expect(seeds.nearest < 30_000 && seeds.farthest > 30_000 && seeds.farthest - seeds.nearest < 20_000)
  }
}
