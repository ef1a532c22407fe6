import Testing

@testable import StormSimulator

@Suite struct MeasurementPhysicsTests {
  /// Thunder comes from the channel's nearest part: never farther than the middle of the channel
  /// through the air, never nearer than its height.
  @Test func aTimedRangeIsToTheNearestPartOfTheChannel() {
    var random = SimulationRandom(seed: 3)
    for _ in 0..<5000 {
      let centre = PlaneVector(length: random.uniform(0...40_000), bearing: random.uniform(0...360))
      let channel = FlashChannel(
        centre: centre, altitude: random.uniform(4000...6000), length: random.uniform(1000...5000),
        orientation: random.uniform(0...180))
      #expect(channel.nearestDistance <= channel.slantDistance + 1e-6)
      #expect(channel.nearestDistance >= channel.altitude)
    }
    let ground = FlashChannel(centre: PlaneVector(east: 3000, north: 4000))
    #expect(ground.nearestDistance == 5000)
  }

  /// A 4 km channel pointing at the observer from 20 km is heard from 18 km along the ground.
  @Test func aChannelPointingAtTheObserverIsHeardFromItsNearEnd() {
    let channel = FlashChannel(
      centre: PlaneVector(east: 0, north: 20_000), altitude: 5000, length: 4000, orientation: 0)
    #expect(abs(channel.nearestDistance - (18_000.0 * 18_000 + 5000 * 5000).squareRoot()) < 1e-6)
  }

  @Test func theAS3935ReportsItsStepsAndNothingBeyond41Kilometres() {
    #expect(AS3935Steps.reading(kilometres: 0) == 1000)
    #expect(AS3935Steps.reading(kilometres: 2.9) == 1000)
    #expect(AS3935Steps.reading(kilometres: 3.1) == 5000)
    #expect(AS3935Steps.reading(kilometres: 8.9) == 8000)
    #expect(AS3935Steps.reading(kilometres: 9.1) == 10_000)
    #expect(AS3935Steps.reading(kilometres: 40.9) == 40_000)
    #expect(AS3935Steps.reading(kilometres: 41.1) == nil)
    let steps = Set(AS3935Steps.stepsKilometres.map { $0 * 1000 })
    for scenario in [Scenario.named("AS3935 only")!, Scenario.named("AS3935 far, then ears near")!] {
      for seed: UInt64 in 1...50 {
        for record in scenario.storm(seed: seed).measurements where record.kind == .as3935 {
          #expect(record.distance! <= 40_000)
          #expect(steps.contains(record.distance!))
        }
      }
    }
  }

  @Test func aStormFarBeyondReachGivesNoReading() {
    var random = SimulationRandom(seed: 5)
    let plan = Scenario.named("AS3935 only")!.storm(seed: 1).plan
    let far = FlashChannel(centre: PlaneVector(east: 200_000, north: 0))
    for _ in 0..<1000 { #expect(plan.measurement(of: far, at: 0, using: &random) == nil) }
  }

  @Test func thunderBeyondHearingIsNotTimed() {
    var random = SimulationRandom(seed: 5)
    let plan = Scenario.named("head-on, degrees")!.storm(seed: 1).plan
    let beyond = FlashChannel(centre: PlaneVector(east: plan.habits.audibleRange + 1, north: 0))
    let within = FlashChannel(centre: PlaneVector(east: plan.habits.audibleRange - 1, north: 0))
    #expect(plan.measurement(of: beyond, at: 0, using: &random) == nil)
    #expect(plan.measurement(of: within, at: 0, using: &random) != nil)
  }

  @Test func bearingsRoundToFiveDegreesOrTheCompassPoints() {
    #expect(BearingRounding.compassPoints.rounded(11.2) == 0)
    #expect(BearingRounding.compassPoints.rounded(11.3) == 22.5)
    #expect(BearingRounding.compassPoints.rounded(350) == 0)
    #expect(BearingRounding.compassPoints.rounded(-30) == 337.5)
    #expect(BearingRounding.fiveDegrees.rounded(357.6) == 0)
    #expect(BearingRounding.fiveDegrees.rounded(2.6) == 5)
    for seed: UInt64 in 1...30 {
      for record in Scenario.named("head-on, compass points")!.storm(seed: seed).measurements {
        let steps = record.bearing! / 22.5
        #expect(steps == steps.rounded() && record.bearing! < 360)
      }
    }
  }

  /// The delay is the travel time at the air's real temperature, whatever the setting says.
  @Test func delaysUseTheRealSpeedOfSoundAndRoundToTheirStep() {
    var random = SimulationRandom(seed: 11)
    var habits = ObserverHabits.draw(using: &random, timing: .stopwatch)
    (habits.tapBias, habits.tapSpread, habits.trueTemperature, habits.temperatureSetting) = (0, 0, 30, 0)
    let speed = SpeedOfSoundInAir.metresPerSecond(celsius: 30)
    #expect(habits.delay(forMetres: speed * 12.34, using: &random) == (123.4 / 1).rounded() / 10)
    for timing in ObserverHabits.Timing.allCases {
      habits.timing = timing
      habits.tapSpread = 0.3
      for _ in 0..<200 {
        let delay = habits.delay(forMetres: random.uniform(100...30_000), using: &random)
        let steps = delay / timing.step
        #expect(abs(steps - steps.rounded()) < 1e-6 && delay >= timing.step)
      }
    }
  }

  @Test func habitsAreDrawnWithinThePhysicsRanges() {
    var random = SimulationRandom(seed: 13)
    for _ in 0..<1000 {
      let habits = ObserverHabits.draw(using: &random)
      #expect(abs(habits.tapBias) <= 0.2)
      #expect((0.1...0.4).contains(habits.tapSpread))
      #expect((10...15).contains(habits.bearingError))
      #expect(abs(habits.trueTemperature - habits.temperatureSetting) < 15)
    }
  }
}
