import Testing

@testable import StormrangeDomain

@Suite struct AS3935Tests {
  @Test func eachStepStandsForTheIntervalHalfWayToItsNeighbours() {
    #expect(AS3935.interval(forMetres: 1000) == 0...3000)
    #expect(AS3935.interval(forMetres: 5000) == 3000...5500)
    #expect(AS3935.interval(forMetres: 10_000) == 9000...11_000)
    #expect(AS3935.interval(forMetres: 14_000) == 13_000...15_500)
    #expect(AS3935.interval(forMetres: 40_000) == 38_500...41_500)
  }

  @Test func theIntervalsTileTheRangeWithoutGaps() throws {
    let intervals = try AS3935.stepsKilometres.map { try #require(AS3935.interval(forMetres: $0 * 1000)) }
    for (lower, upper) in zip(intervals, intervals.dropFirst()) {
      #expect(lower.upperBound == upper.lowerBound)
    }
    #expect(AS3935.stepsKilometres.count == 15)
  }

  @Test(arguments: [0.0, 2000, 11_000, 10_001, 41_000, 9999.999])
  func otherDistancesAreNotSteps(metres: Double) {
    #expect(AS3935.interval(forMetres: metres) == nil)
  }

  @Test func theUncertaintyIsTheIntervalAsAnEvenSpreadOrTenPerCent() throws {
    let as3935 = try #require(DetectorSource("as3935"))
    let other = try #require(DetectorSource("porch"))
    #expect(
      abs(DistanceUncertainty.detectorMetres(distance: 10_000, source: as3935) - 2000 / 12.0.squareRoot())
        < 1e-9)
    #expect(
      abs(DistanceUncertainty.detectorMetres(distance: 1000, source: as3935) - 3000 / 12.0.squareRoot())
        < 1e-9)
    #expect(DistanceUncertainty.detectorMetres(distance: 12_000, source: other) == 1200)
  }
}
