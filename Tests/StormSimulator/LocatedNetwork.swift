#if canImport(Glibc)
  import Glibc
#endif

/// A lightning network (Blitzortung's kind) over two or three cells at once: it detects each strike
/// with a probability below 1 and places it with an error of 0.3–2 km, as Blitzortung's stations
/// do (its published location accuracy is of that order, better inside dense networks).
package struct LocatedNetwork: Equatable, Sendable {
  /// The share of strikes the network detects.
  package var detectionEfficiency: Double
  /// Metres, one standard deviation east and north, of a located strike's error: drawn for each
  /// strike from this range.
  package var locationError: ClosedRange<Double>
  package var cells: [LocatedCell]
  /// Seconds of strikes simulated.
  package var duration: Double

  package init(
    detectionEfficiency: Double, locationError: ClosedRange<Double>, cells: [LocatedCell], duration: Double
  ) {
    self.detectionEfficiency = detectionEfficiency
    self.locationError = locationError
    self.cells = cells
    self.duration = duration
  }

  /// Two or three cells 15–80 km from the observer, each moving at 5–20 m/s, some turning half
  /// way, each with tens of strikes a minute at its peak, over `duration` seconds; the ranges are
  /// `physics`'.
  package static func drawn(
    duration: Double, physics: NetworkPhysics = .standard, using random: inout SimulationRandom
  ) -> LocatedNetwork {
    let count = random.chance(0.5) ? 2 : 3
    let cells = (0..<count).map { _ in
      let origin = PlaneVector(length: random.uniform(15_000...80_000), bearing: random.uniform(0...360))
      let turn =
        random.chance(0.5)
        ? [
          Manoeuvre(
            start: duration / 2, duration: 600, speed: random.uniform(physics.speed),
            heading: random.uniform(0...360))
        ]
        : []
      let track = StormTrack(
        origin: origin, speed: random.uniform(physics.speed), heading: random.uniform(0...360),
        manoeuvres: turn)
      let birth = random.uniform(0...(duration / 4))
      let death = random.uniform((duration * 3 / 4)...duration)
      return LocatedCell(
        track: track, strikeScatter: random.uniform(physics.strikeScatter),
        peakRate: random.uniform(physics.peakRate), birth: birth,
        peak: random.uniform(birth...death), death: death)
    }
    return LocatedNetwork(
      detectionEfficiency: random.uniform(physics.detection), locationError: physics.placingError,
      cells: cells, duration: duration)
  }

  /// The strikes the network reports, in time order: each cell's strikes come as a Poisson process
  /// at its rate (thinned from its peak rate), scattered about its centre; those detected are
  /// reported with their location error.
  package func strikes(using random: inout SimulationRandom) -> [LocatedStrikeTruth] {
    var strikes: [LocatedStrikeTruth] = []
    for (index, cell) in cells.enumerated() where cell.peakRate > 0 {
      var time = cell.birth
      let peakPerSecond = cell.peakRate / 60
      while true {
        time += -log(1 - random.unit()) / peakPerSecond
        guard time < min(cell.death, duration) else { break }
        guard random.chance(cell.rate(at: time) / cell.peakRate) else { continue }
        let scatter = PlaneVector(east: random.normal(), north: random.normal())
        let position = cell.track.position(at: time) + cell.strikeScatter * scatter
        guard random.chance(detectionEfficiency) else { continue }
        let error = random.uniform(locationError)
        let reported = position + error * PlaneVector(east: random.normal(), north: random.normal())
        strikes.append(LocatedStrikeTruth(time: time, cell: index, position: position, reported: reported))
      }
    }
    return strikes.sorted { $0.time < $1.time }
  }
}

/// One located strike: where it struck and where the network placed it.
package struct LocatedStrikeTruth: Equatable, Sendable {
  /// Seconds after the simulation's start.
  package let time: Double
  /// Which cell of the network's it came from.
  package let cell: Int
  /// Metres east and north of the observer, as struck and as reported.
  package let position: PlaneVector
  package let reported: PlaneVector
}
