#if canImport(Glibc)
  import Glibc
#endif

extension StormPlan {
  /// The channel of a flash at `time` (seconds after the first): from a cell drawn evenly, the
  /// strike scattered about it, in-cloud with ``inCloudFraction`` (4–6 km up, 1–5 km long).
  package func flash(at time: Double, using random: inout SimulationRandom) -> FlashChannel {
    let cell = cellOffsets.isEmpty ? PlaneVector.zero : random.element(of: cellOffsets)
    let scatter = PlaneVector(east: random.normal(), north: random.normal())
    let centre = track.position(at: time) + cell + strikeScatter * scatter
    guard random.chance(inCloudFraction) else { return FlashChannel(centre: centre) }
    return FlashChannel(
      centre: centre, altitude: random.uniform(4000...6000), length: random.uniform(1000...5000),
      orientation: random.uniform(0...180))
  }

  /// What the observer records of `flash` at `time`, or nil when nothing does: thunder beyond
  /// hearing, or a storm beyond the AS3935's reach.
  package func measurement(
    of flash: FlashChannel, at time: Double, using random: inout SimulationRandom
  ) -> SimulatedMeasurement? {
    let flashTime = SimulatedStorm.epoch + time
    switch instrument(at: time) {
    case .counted, .stopwatch:
      guard flash.nearestDistance <= habits.audibleRange else { return nil }
      let delay = habits.delay(forMetres: flash.nearestDistance, using: &random)
      let bearing = reportsBearings ? habits.bearing(toward: flash.centre.bearing, using: &random) : nil
      return SimulatedMeasurement(
        time: flashTime, kind: habits.timing.kind, delay: delay,
        temperatureSetting: habits.temperatureSetting, bearing: bearing)
    case .as3935:
      let estimate =
        flash.groundDistance / 1000 * exp(random.normal(mean: 0, deviation: AS3935Steps.logScatter))
      guard let reading = AS3935Steps.reading(kilometres: estimate) else { return nil }
      return SimulatedMeasurement(time: flashTime, kind: .as3935, distance: reading)
    case .detector10:
      let estimate = flash.groundDistance * (1 + random.normal(mean: 0, deviation: 0.1))
      let reading = max((estimate / 100).rounded(), 1) * 100
      return SimulatedMeasurement(time: flashTime, kind: .detector10, distance: reading)
    }
  }

  /// What measures a flash at `time`.
  func instrument(at time: Double) -> SimulatedMeasurement.Kind {
    switch instruments {
    case .ears: habits.timing.kind
    case .as3935: .as3935
    case .detector10: .detector10
    case .as3935ThenEars(let metres):
      track.position(at: time).length >= metres ? .as3935 : habits.timing.kind
    }
  }
}
