import FoundationEssentials
import NowcastCalibration
import StormSimulator
import StormrangeDomain
import Testing

@Suite struct ScoringTests {
  @Test func theSixRangeLineIsTheSlopeOfTheLastSixRanges() {
    let start = Date(timeIntervalSince1970: 1_750_000_000)
    // Ten ranges; the last six fall by 10 m/s, the first four are far off the line.
    let measurements = (0..<10).map { index in
      let distance = index < 4 ? 50_000 : 20_000 - 10 * Double(index * 60)
      return Measurement(
        date: start.addingTimeInterval(Double(index * 60)), distance: distance,
        origin: .detector(source: DetectorSource("detector")!), bearing: nil, note: nil)
    }
    #expect(abs(SixRangeLine.rate(of: measurements)! + 10) < 1e-9)
    #expect(SixRangeLine.rate(of: Array(measurements.prefix(1))) == nil)
  }

  @Test func timedRecordsBecomeMeasurementsAtTheSetting() {
    let record = SimulatedMeasurement(
      time: 1_750_000_000, kind: .stopwatch, delay: 30, temperatureSetting: 20, bearing: 157.5)
    let measurement = record.measurement
    #expect(measurement.delay == 30)
    #expect(measurement.timing?.temperature == 20)
    #expect(abs(measurement.distance - 30 * SpeedOfSound.metresPerSecond(celsius: 20)) < 1e-9)
    #expect(measurement.bearing?.compassPoint == "SSE")
  }

  @Test func detectorRecordsKeepTheirSource() {
    let as3935 = SimulatedMeasurement(time: 1_750_000_000, kind: .as3935, distance: 17_000).measurement
    #expect(as3935.source?.kind == .as3935)
    #expect(as3935.distance == 17_000)
    let other = SimulatedMeasurement(time: 1_750_000_000, kind: .detector10, distance: 12_300).measurement
    #expect(other.source?.name == "detector")
    #expect(other.bearing == nil)
  }

  /// The same seeds score the same.
  @Test func scoresAreReproducible() {
    let scenario = Scenario.named("head-on, degrees")!
    let first = ScenarioScore(scenario: scenario, seeds: 1...10)
    let second = ScenarioScore(scenario: scenario, seeds: 1...10)
    #expect(Metric.allCases.allSatisfy { first[$0] == second[$0] })
    #expect(first.estimatorErrors == second.estimatorErrors && first.storms == 10)
  }

  /// Every band of every scenario is written down, and the table names each scenario.
  @Test func everyScenarioHasItsBandsAndARowInTheTable() {
    let scores = Scenario.all.map { ScenarioScore(scenario: $0, seeds: 1...2) }
    for scenario in Scenario.all {
      #expect(CalibrationBands.band(.rateWithin2Sigma, in: scenario) != nil)
    }
    let text = CalibrationTable.text(scores, seeds: 2)
    let markdown = CalibrationTable.markdown(scores, seeds: 2)
    for scenario in Scenario.all {
      #expect(text.contains(scenario.name) && markdown.contains("#### \(scenario.name)"))
    }
  }

  @Test func changingStormsAreHeldToTheWiderBands() {
    let turning = Scenario.named("turning 45 degrees")!
    #expect(CalibrationBands.band(.rateWithin2Sigma, in: turning) == .atLeast(0.8))
    #expect(CalibrationBands.band(.headingWithin2Sigma, in: turning) == .atLeast(0.8))
    #expect(CalibrationBands.band(.rateWithin1Sigma, in: turning) == .between(0.5, 0.9))
    let short = Scenario.named("short, 6 min every 20 s")!
    #expect(CalibrationBands.band(.rateWithin2Sigma, in: short) == .atLeast(0.85))
    let atRest = Scenario.named("at rest")!
    #expect(CalibrationBands.band(.rateWithin1Sigma, in: atRest) == .atLeast(0.6))
  }
}
