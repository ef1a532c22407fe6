/// A straight, steady track described by how it passes the observer: its heading, how far from
/// the observer it passes and on which side, and how far along it the storm is at one moment.
package struct StraightLeg: Equatable, Sendable {
  /// Metres per second and degrees toward.
  package var speed: Double
  package var heading: Double
  /// Metres from the observer at the closest point.
  package var miss: Double
  /// +1 when the observer is on the storm's right (it passes to the observer's left), −1 otherwise.
  package var side: Double

  package init(speed: Double, heading: Double, miss: Double, side: Double) {
    self.speed = speed
    self.heading = heading
    self.miss = miss
    self.side = side
  }

  /// A leg drawn at random: any heading, either side, `speedKilometresPerHour` and `missMetres`
  /// drawn evenly.
  package static func draw(
    speedKilometresPerHour: ClosedRange<Double>, missMetres: ClosedRange<Double>,
    using random: inout SimulationRandom
  ) -> StraightLeg {
    StraightLeg(
      speed: random.uniform(speedKilometresPerHour) / 3.6, heading: random.uniform(0...360),
      miss: random.uniform(missMetres), side: random.sign())
  }

  /// Where the storm is when `along` metres past its closest point (negative before it).
  package func position(along: Double) -> PlaneVector {
    PlaneVector(length: miss, bearing: heading - side * 90) + PlaneVector(length: along, bearing: heading)
  }

  /// Metres along the track (negative before the closest point) where the storm is `range` from the
  /// observer, approaching when `approaching`; the closest point when `range` is nearer than it.
  package func along(atRange range: Double, approaching: Bool) -> Double {
    let distance = max(range * range - miss * miss, 0).squareRoot()
    return approaching ? -distance : distance
  }

  /// The track on which the storm is `along` metres past its closest point at `time` seconds after
  /// the first flash, then makes `manoeuvres`.
  package func track(along: Double, at time: Double, manoeuvres: [Manoeuvre] = []) -> StormTrack {
    StormTrack(
      origin: position(along: along - speed * time), speed: speed, heading: heading, manoeuvres: manoeuvres)
  }
}
