import Testing

@testable import StormSimulator

@Suite struct ScenarioTests {
  static let seeds: ClosedRange<UInt64> = 1...40

  @Test func aSeedGivesTheSameStormEveryTime() {
    for scenario in Scenario.all {
      #expect(scenario.storm(seed: 5) == scenario.storm(seed: 5))
      #expect(scenario.storm(seed: 5) != scenario.storm(seed: 6))
    }
  }

  @Test func everyStormHasMeasurementsInOrderAndItsStatusAMinuteLater() {
    for scenario in Scenario.all {
      for seed in Self.seeds {
        let storm = scenario.storm(seed: seed)
        #expect(storm.measurements.count >= 4, "\(scenario.name) \(seed)")
        #expect(zip(storm.measurements, storm.measurements.dropFirst()).allSatisfy { $0.time < $1.time })
        #expect(storm.statusTime == storm.measurements.last!.time + 60)
      }
    }
  }

  /// Before a change shows in three measurements, no data show it.
  @Test func aStormThatChangesHasThreeMeasurementsAfterTheChange() {
    for scenario in Scenario.all where scenario.motion == .changing {
      for seed in Self.seeds {
        let storm = scenario.storm(seed: seed)
        let change = SimulatedStorm.epoch + storm.plan.changeEnd!
        #expect(storm.measurements.count { $0.time > change } >= 3, "\(scenario.name) \(seed)")
      }
    }
  }

  @Test func scenariosKeepTheirGeometry() {
    for seed in Self.seeds {
      let passing = Scenario.named("passing 5-12 km, bearings")!.storm(seed: seed).truth
      #expect((5000...12_000).contains(passing.closestDistance.rounded()))
      #expect(Scenario.named("head-on, degrees")!.storm(seed: seed).truth.closestDistance <= 3000 + 1e-6)
      let slow = Scenario.named("slow, 10-18 km/h")!.storm(seed: seed).truth.groundSpeed * 3.6
      #expect((10...18).contains(slow))
      #expect(Scenario.named("at rest")!.storm(seed: seed).truth.isAtRest)
      #expect(Scenario.named("stops and rains out")!.storm(seed: seed).truth.isAtRest)
      #expect(Scenario.named("receding")!.storm(seed: seed).truth.rangeRate > 0)
      let charging = Scenario.named("still, then charging")!.storm(seed: seed).truth
      #expect(charging.rangeRate < 0 && (35...65).contains(charging.groundSpeed * 3.6))
    }
  }

  /// A 45° turn, complete before the last three measurements; the heading then is 45° off the first.
  @Test func aTurningStormTurns45Degrees() {
    for seed in Self.seeds {
      let track = Scenario.named("turning 45 degrees")!.storm(seed: seed).plan.track
      let turned = PlaneVector.angle(between: track.initialHeading, and: track.motion(at: 1e6).heading)
      #expect(abs(turned - 45) < 1e-6)
    }
  }

  /// Turning toward the observer brings the straight-line closest point nearer.
  @Test func turningTowardTheObserverBringsTheClosestPointNearer() {
    for seed in Self.seeds {
      let storm = Scenario.named("turning toward you")!.storm(seed: seed)
      let before = StormTruth(
        track: StormTrack(
          origin: storm.plan.track.origin, speed: storm.plan.track.initialSpeed,
          heading: storm.plan.track.initialHeading), at: 0, statusTime: 0)
      #expect(storm.truth.closestDistance < before.closestDistance)
    }
  }

  @Test func theCellsOfAMulticellStormAverageToItsCentre() {
    var random = SimulationRandom(seed: 2)
    for _ in 0..<100 {
      let cells = StormPlan.drawnCells(using: &random)
      let sum = cells.reduce(PlaneVector.zero, +)
      #expect(sum.length < 1e-6 && (2...3).contains(cells.count))
      #expect((3000...7000).contains((cells[1] - cells[0]).length.rounded()))
    }
  }

  @Test func sparseAndShortStormsKeepTheirPace() {
    for seed in Self.seeds {
      let sparse = Scenario.named("sparse, every 5 min")!.storm(seed: seed).measurements
      let gaps = zip(sparse, sparse.dropFirst()).map { $1.time - $0.time }
      #expect(gaps.allSatisfy { $0 >= 240 })
      let short = Scenario.named("short, 6 min every 20 s")!.storm(seed: seed).measurements
      #expect(short.last!.time - short.first!.time <= 6 * 60)
      #expect(short.count >= 12)
    }
  }

  /// About half the flashes are in-cloud, and strikes scatter about their cell by the storm's σ.
  @Test func flashesScatterAboutTheirCell() {
    let plan = Scenario.named("at rest")!.storm(seed: 1).plan
    var random = SimulationRandom(seed: 4)
    let flashes = (0..<4000).map { _ in plan.flash(at: 0, using: &random) }
    let inCloud = Double(flashes.count { $0.isInCloud }) / Double(flashes.count)
    #expect(abs(inCloud - 0.5) < 0.03)
    let centre = plan.track.origin
    let offsets = flashes.map { $0.centre - centre }
    let eastSpread = (offsets.reduce(0) { $0 + $1.east * $1.east } / Double(offsets.count)).squareRoot()
    #expect(abs(eastSpread / plan.strikeScatter - 1) < 0.05)
  }
}
