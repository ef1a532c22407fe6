import Testing

@testable import StormSimulator

@Suite struct LocatedNetworkTests {
  @Test func twoOrThreeCellsWithTensOfStrikesAMinuteAtTheirPeak() {
    var random = SimulationRandom(seed: 11)
    for _ in 0..<50 {
      let network = LocatedNetwork.drawn(duration: 3600, using: &random)
      #expect((2...3).contains(network.cells.count))
      #expect(network.cells.allSatisfy { (20...60).contains($0.peakRate) })
      #expect(network.detectionEfficiency < 1)
    }
  }

  /// Each physics draws its networks from its own ranges.
  @Test(arguments: NetworkPhysics.all) func aNetworkIsDrawnFromItsPhysicsRanges(physics: NetworkPhysics) {
    var random = SimulationRandom(seed: 3)
    for index in 0..<40 {
      let network =
        index.isMultiple(of: 2)
        ? LocatedNetwork.drawnChanging(duration: 3600, physics: physics, using: &random)
        : LocatedNetwork.drawn(duration: 3600, physics: physics, using: &random)
      #expect(physics.detection.contains(network.detectionEfficiency))
      #expect(network.locationError == physics.placingError)
      #expect(network.cells.allSatisfy { physics.strikeScatter.contains($0.strikeScatter) })
      #expect(network.cells.allSatisfy { physics.peakRate.contains($0.peakRate) })
      // A changing network's last two cells, the split and the one merging, move relative to others.
      let drawn = index.isMultiple(of: 2) ? network.cells.dropLast(2) : network.cells[...]
      #expect(drawn.allSatisfy { physics.speed.contains($0.track.initialSpeed) })
    }
  }

  @Test func aCellsStrikesComeAtItsRateLessThoseTheNetworkMisses() {
    var random = SimulationRandom(seed: 5)
    let cell = LocatedCell(
      track: StormTrack(origin: PlaneVector(east: 30_000, north: 0), speed: 10, heading: 270),
      strikeScatter: 1500,
      peakRate: 40, birth: 0, peak: 1800, death: 3600)
    let network = LocatedNetwork(
      detectionEfficiency: 0.8, locationError: 300...2000, cells: [cell], duration: 3600)
    let strikes = network.strikes(using: &random)
    // A triangle of 40 a minute at its peak over an hour: 1,200 strikes, 960 of them detected.
    #expect(abs(Double(strikes.count) - 960) < 4 * 960.squareRoot())
    #expect(zip(strikes, strikes.dropFirst()).allSatisfy { $0.time <= $1.time })
    // The network's error: its mean square is the mean of 2σ² over σ in 300–2000 m.
    let errors = strikes.map { ($0.reported - $0.position).length }
    let meanSquare = errors.map { $0 * $0 }.reduce(0, +) / Double(errors.count)
    let (low, high): (Double, Double) = (300, 2000)
    let cubes: Double = high * high * high - low * low * low
    let expected: Double = 2 * cubes / 3 / (high - low)
    #expect(abs(meanSquare / expected - 1) < 0.15)
  }

  @Test func theRateRisesToThePeakAndFallsToNothing() {
    let cell = LocatedCell(
      track: StormTrack(origin: .zero, speed: 0, heading: 0), strikeScatter: 1000, peakRate: 30, birth: 100,
      peak: 200,
      death: 400)
    #expect(cell.rate(at: 50) == 0 && cell.rate(at: 150) == 15 && cell.rate(at: 200) == 30)
    #expect(cell.rate(at: 300) == 15 && cell.rate(at: 400) == 0)
  }
}
