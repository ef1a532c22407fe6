import FoundationEssentials

/// What the nowcast filter (``NowcastFilter``) says of a storm at one moment: its range and the
/// rate of change of range, how it moves over the ground and where it passes, each with its spread
/// over the filter's hypotheses. When it comes within a distance is a forecast, run forward from
/// here only when asked for (``forecastArrival(within:)``).
struct NowcastSummary: Sendable {
  /// The moment described.
  let date: Date
  let range: WeightedSample
  let rangeRate: WeightedSample
  /// Whether the 95 % ellipse of the velocity excludes zero (``isMoving(_:)``).
  let isMoving: Bool
  let speed: WeightedSample
  /// Degrees toward, with their spread; nil without bearings.
  let heading: (value: Double, error: Double)?
  let closestApproach: ClosestApproach?
  /// The mean position of the centre, metres east and north; nil without bearings.
  let centre: (east: Double, north: Double)?
  private let filter: NowcastFilter

  init(_ filter: NowcastFilter) {
    self.filter = filter
    date = filter.time
    let particles = filter.particles
    let weights = filter.weights
    range = WeightedSample(values: particles.map(\.range), weights: weights)
    rangeRate = WeightedSample(values: particles.map(\.rangeRate), weights: weights)
    speed = WeightedSample(values: particles.map(\.speed), weights: weights)
    isMoving = Self.isMoving(filter)
    heading = filter.hasBearings && isMoving ? Self.heading(filter) : nil
    closestApproach = isMoving ? Self.closestApproach(filter, bearings: filter.hasBearings) : nil
    centre =
      filter.hasBearings
      ? (
        WeightedSample(values: particles.map(\.east), weights: weights).mean,
        WeightedSample(values: particles.map(\.north), weights: weights).mean
      ) : nil
  }

  /// Whether the 95 % ellipse of the velocity excludes zero. With bearings, of the velocity east
  /// and north; from ranges alone, which cannot tell direction, of the velocity along and across
  /// the line of sight, with the side it crosses to folded together.
  private static func isMoving(_ filter: NowcastFilter) -> Bool {
    let components: [(Double, Double)] = filter.particles.map { particle in
      guard !filter.hasBearings else { return (particle.eastSpeed, particle.northSpeed) }
      let range = particle.range
      guard range > 0 else { return (0, particle.speed) }
      let along = (particle.east * particle.eastSpeed + particle.north * particle.northSpeed) / range
      let across = (particle.north * particle.eastSpeed - particle.east * particle.northSpeed) / range
      return (along, abs(across))
    }
    var (meanX, meanY) = (0.0, 0.0)
    for (component, weight) in zip(components, filter.weights) {
      meanX += weight * component.0
      meanY += weight * component.1
    }
    var (xx, xy, yy) = (0.0, 0.0, 0.0)
    for (component, weight) in zip(components, filter.weights) {
      let (dx, dy) = (component.0 - meanX, component.1 - meanY)
      xx += weight * dx * dx
      xy += weight * dx * dy
      yy += weight * dy * dy
    }
    let determinant = xx * yy - xy * xy
    guard determinant > 0 else { return meanX != 0 || meanY != 0 }
    let distance = (yy * meanX * meanX - 2 * xy * meanX * meanY + xx * meanY * meanY) / determinant
    return distance > MotionThresholds.movingEllipseBound
  }

  /// The mean direction of motion and the spread of the particles' directions about it, degrees.
  private static func heading(_ filter: NowcastFilter) -> (Double, Double) {
    direction(of: filter.particles.map { ($0.eastSpeed, $0.northSpeed) }, weights: filter.weights)
  }

  /// The mean direction of `vectors` (east, north), weighted, and the spread of their directions
  /// about it, degrees; a vector of length 0 has no direction and counts in neither.
  private static func direction(of vectors: [(east: Double, north: Double)], weights: [Double]) -> (
    Double, Double
  ) {
    var (sumEast, sumNorth, total) = (0.0, 0.0, 0.0)
    for (vector, weight) in zip(vectors, weights) {
      let length = (vector.east * vector.east + vector.north * vector.north).squareRoot()
      guard length > 0 else { continue }
      sumEast += weight * vector.east / length
      sumNorth += weight * vector.north / length
      total += weight
    }
    let mean = Math.bearingDegrees(east: sumEast, north: sumNorth)
    var variance = 0.0
    for (vector, weight) in zip(vectors, weights) where vector.east != 0 || vector.north != 0 {
      let difference = Math.wrappedDegrees(Math.bearingDegrees(east: vector.east, north: vector.north) - mean)
      variance += weight * difference * difference
    }
    return (mean, (variance / max(total, .leastNormalMagnitude)).squareRoot())
  }

  /// Where each moving hypothesis passes nearest on its present course, summarised.
  private static func closestApproach(_ filter: NowcastFilter, bearings: Bool) -> ClosestApproach? {
    var distances = [Double]()
    var times = [Double]()
    var points = [(east: Double, north: Double)]()
    var chosen = [Double]()
    for (particle, weight) in zip(filter.particles, filter.weights) where particle.speed > 0 {
      let speedSquared = particle.speed * particle.speed
      let time = -(particle.east * particle.eastSpeed + particle.north * particle.northSpeed) / speedSquared
      let point = (
        east: particle.east + particle.eastSpeed * time, north: particle.north + particle.northSpeed * time
      )
      let distance = (point.east * point.east + point.north * point.north).squareRoot()
      // With bearings, signed by the side it passes on, so that a storm coming straight at you
      // gives 0 ± its spread rather than a spread of distances that are all more than 0.
      let side = particle.east * particle.northSpeed - particle.north * particle.eastSpeed < 0 ? -1.0 : 1.0
      distances.append(bearings ? side * distance : distance)
      times.append(time)
      points.append(point)
      chosen.append(weight)
    }
    let total = chosen.reduce(0, +)
    guard total > 0 else { return nil }
    let weights = chosen.map { $0 / total }
    let distance = WeightedSample(values: distances, weights: weights)
    let time = WeightedSample(values: times, weights: weights)
    let bearing = bearings ? direction(of: points, weights: chosen) : nil
    // The time by its median and the half-width of its middle 68 %: a nearly still hypothesis
    // passes nearest hours away, and would swamp a mean and a standard deviation.
    let (early, middle, late) = (time.quantile(0.16), time.quantile(0.5), time.quantile(0.84))
    return ClosestApproach(
      distance: abs(distance.mean), distanceError: distance.standardDeviation,
      date: filter.time.addingTimeInterval(middle), dateError: (late - early) / 2,
      bearing: bearing?.0, bearingError: bearing?.1)
  }

  /// Whether and when the centre comes within `distance` metres (``ArrivalForecast``): the
  /// hypotheses run forward in steps of ``NowcastConstants/forecastStep`` up to
  /// ``MotionThresholds/arrivalHorizon`` (180 steps), the costliest part of a storm's status.
  func forecastArrival(within distance: Double) -> ArrivalForecast {
    ArrivalForecast(filter, within: distance)
  }
}
