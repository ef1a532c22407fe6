import FoundationEssentials

/// The nowcast's particle filter: an interacting-multiple-model filter (at rest, steady,
/// manoeuvring; ``MotionMode``) carried by ``NowcastConstants/particleCount`` weighted hypotheses
/// of the storm's centre, velocity and strike scatter. Every figure it works with is
/// ``NowcastConstants``'.
///
/// A particle filter rather than a Kalman filter because what is measured is not linear in the
/// state nor Gaussian: a range alone says nothing of the direction (a ring of hypotheses), an
/// AS3935 step is an interval with "or more" at its end, thunder comes from the nearest part of a
/// channel, and a bearing wraps at north. Each is used as it is (``RangeLikelihood``).
///
/// Deterministic: the same observations give the same state to the last bit.
struct NowcastFilter: Sendable {
  private(set) var particles: [StormParticle]
  /// Normalised weights, summing to 1.
  private(set) var weights: [Double]
  /// The moment the particles describe.
  private(set) var time: Date
  /// Whether any observation read had a bearing: without one the filter cannot tell direction.
  private(set) var hasBearings: Bool
  private var random: NowcastRandom

  /// The filter after reading `observations`, sorted by date, at least one, with `hypotheses`
  /// particles.
  init(observations: [RangeObservation], hypotheses: Int = NowcastConstants.particleCount) {
    precondition(!observations.isEmpty)
    random = NowcastRandom(seed: NowcastConstants.randomSeed)
    let first = observations[0]
    time = first.date
    hasBearings = false
    particles = []
    weights = []
    seed(from: first, count: hypotheses)
    for observation in observations.dropFirst() {
      advance(to: observation.date)
      update(with: observation)
    }
  }

  /// The particles as they would be at `date` (later than ``time``), without changing the filter.
  func predicted(to date: Date) -> NowcastFilter {
    var copy = self
    copy.advance(to: date)
    return copy
  }

  // MARK: The first observation

  /// Particles spread over every centre the first observation allows, weighted by it.
  private mutating func seed(from observation: RangeObservation, count: Int) {
    let (nearest, farthest) = observation.sensorRange.seedSpan
    particles.reserveCapacity(count)
    var logWeights = [Double]()
    logWeights.reserveCapacity(count)
    let bearingSpread = BearingLikelihood(observation).map { bearing in
      // A located group's position is sharp; its centre may lie off it by the widest scatter across.
      let across =
        min(NowcastConstants.scatterRange.upperBound * bearing.scatterShare / max(observation.distance, 1), 1)
        * 180
        / .pi
      let spread =
        bearing.scatterShare < 1
        ? (bearing.spread * bearing.spread + across * across).squareRoot() : bearing.spread
      return spread * NowcastConstants.seedBearingWidening
    }
    let scatterLog = (
      Math.log(NowcastConstants.scatterRange.lowerBound), Math.log(NowcastConstants.scatterRange.upperBound)
    )
    for _ in 0..<count {
      let range = random.uniform(nearest...farthest)
      var logWeight = 0.0
      let direction: Double
      if let bearing = observation.bearing, let spread = bearingSpread {
        // Drawn near the bearing, and weighted back to a uniform prior over directions.
        let offset = random.normal() * spread
        direction = bearing + offset
        logWeight += 0.5 * (offset / spread) * (offset / spread)
      } else {
        direction = random.uniform(0...360)
      }
      let radians = direction * Double.pi / 180
      let (mode, eastSpeed, northSpeed) = drawMotion()
      let scatter = Math.exp(random.uniform(scatterLog.0...scatterLog.1))
      particles.append(
        StormParticle(
          east: range * Math.sin(radians), north: range * Math.cos(radians), eastSpeed: eastSpeed,
          northSpeed: northSpeed, mode: mode, scatter: scatter))
      logWeights.append(logWeight)
    }
    weights = logWeights
    update(with: observation, priorLogWeights: logWeights)
  }

  /// A mode and a velocity from the prior: a moving storm's speed from the climatology, any
  /// direction.
  private mutating func drawMotion() -> (MotionMode, Double, Double) {
    var pick = random.uniform()
    var mode = MotionMode.steady
    for (candidate, probability) in NowcastConstants.modePrior {
      if pick < probability {
        mode = candidate
        break
      }
      pick -= probability
    }
    guard mode != .atRest else { return (.atRest, 0, 0) }
    let (east, north) = Self.drawVelocity(&random)
    return (mode, east, north)
  }

  private static func drawVelocity(_ random: inout NowcastRandom) -> (Double, Double) {
    let speed = NowcastConstants.medianSpeed * Math.exp(NowcastConstants.speedLogSpread * random.normal())
    let heading = random.uniform(0...(2 * Double.pi))
    return (speed * Math.sin(heading), speed * Math.cos(heading))
  }

  // MARK: Time

  /// Moves every particle on to `date` by its mode's motion, switching modes on the way.
  mutating func advance(to date: Date) {
    var remaining = date.timeIntervalSince(time)
    guard remaining > 0 else { return }
    time = date
    var moved = particles
    var random = self.random
    while remaining > 0 {
      let step = min(remaining, NowcastConstants.maximumStep)
      remaining -= step
      for index in moved.indices {
        Self.move(&moved[index], by: step, random: &random)
      }
    }
    particles = moved
    self.random = random
  }

  /// One step of `step` seconds of the motion model.
  private static func move(_ particle: inout StormParticle, by step: Double, random: inout NowcastRandom) {
    switch particle.mode {
    case .atRest:
      if random.uniform() < NowcastConstants.startRate * step {
        particle.mode = .manoeuvring
        (particle.eastSpeed, particle.northSpeed) = drawVelocity(&random)
      }
    case .steady:
      let pick = random.uniform()
      if pick < NowcastConstants.stopRate * step {
        particle.mode = .atRest
      } else if pick < (NowcastConstants.stopRate + NowcastConstants.manoeuvreRate) * step {
        particle.mode = .manoeuvring
      }
    case .manoeuvring:
      let pick = random.uniform()
      if pick < NowcastConstants.stopRate * step {
        particle.mode = .atRest
      } else if pick < (NowcastConstants.stopRate + NowcastConstants.settleRate) * step {
        particle.mode = .steady
      }
    }
    let wander = (NowcastConstants.centreWander * step).squareRoot()
    if particle.mode == .atRest {
      particle.eastSpeed = 0
      particle.northSpeed = 0
      particle.east += wander * random.normal()
      particle.north += wander * random.normal()
      return
    }
    let noise =
      particle.mode == .steady
      ? NowcastConstants.steadyVelocityNoise : NowcastConstants.manoeuvringVelocityNoise
    // White-noise acceleration held over the step: the velocity's variance grows by q·step.
    let kick = (noise / step).squareRoot()
    let eastAcceleration = kick * random.normal()
    let northAcceleration = kick * random.normal()
    particle.east +=
      particle.eastSpeed * step + 0.5 * eastAcceleration * step * step + wander * random.normal()
    particle.north +=
      particle.northSpeed * step + 0.5 * northAcceleration * step * step + wander * random.normal()
    particle.eastSpeed += eastAcceleration * step
    particle.northSpeed += northAcceleration * step
  }

  // MARK: Measurements

  private mutating func update(with observation: RangeObservation) {
    update(with: observation, priorLogWeights: weights.map { Math.log(max($0, .leastNormalMagnitude)) })
  }

  /// Weighs every particle by how well it explains `observation`, then resamples when the weight
  /// has gathered on too few.
  private mutating func update(with observation: RangeObservation, priorLogWeights: [Double]) {
    if observation.bearing != nil { hasBearings = true }
    weigh(
      by: observation.sensorRange, bearing: BearingLikelihood(observation),
      priorLogWeights: priorLogWeights)
  }

  /// ``update(with:priorLogWeights:)`` with the observation read: its range by the kind of sensor
  /// that made it, and its bearing if it has one.
  private mutating func weigh<Range: SensorRange>(
    by range: Range, bearing: BearingLikelihood?, priorLogWeights: [Double]
  ) {
    let likelihood = RangeLikelihood(range: range, bearing: bearing)
    var logWeights = priorLogWeights
    var largest = -Double.infinity
    for index in particles.indices {
      logWeights[index] += likelihood.logLikelihood(particles[index])
      largest = max(largest, logWeights[index])
    }
    var total = 0.0
    for index in logWeights.indices {
      let weight = Math.exp(logWeights[index] - largest)
      weights[index] = weight
      total += weight
    }
    var sumOfSquares = 0.0
    for index in weights.indices {
      weights[index] /= total
      sumOfSquares += weights[index] * weights[index]
    }
    if 1 / sumOfSquares < Double(particles.count) * NowcastConstants.resampleShare { resample() }
  }

  /// Systematic resampling, then a little jitter (a regularised particle filter), so that copies of
  /// one particle spread again instead of collapsing the cloud onto a few ancestors, which would
  /// make the filter surer than its data (``regularise()``).
  private mutating func resample() {
    let count = particles.count
    var chosen = [StormParticle]()
    chosen.reserveCapacity(count)
    let step = 1 / Double(count)
    var target = random.uniform() * step
    var cumulative = weights[0]
    var index = 0
    for _ in 0..<count {
      while target > cumulative, index < count - 1 {
        index += 1
        cumulative += weights[index]
      }
      chosen.append(particles[index])
      target += step
    }
    weights = [Double](repeating: step, count: count)
    particles = chosen
    regularise()
  }

  /// Liu and West's kernel shrinkage: each value moves toward the cloud's mean by
  /// `1 − √(1 − h²)` and gets a jitter of `h` times the cloud's spread, so the spread stays what it
  /// was instead of growing with every resampling. Velocities are jittered among moving particles
  /// only, by their own mean and spread; without bearings the velocity across the line of sight,
  /// whose two signs are the two sides a storm may pass on, is jittered without shrinking.
  private mutating func regularise() {
    let frames = particles.map(LocalFrame.init)
    let h = NowcastConstants.regularisation
    let shrink = (1 - h * h).squareRoot()
    let moving = particles.map { $0.mode != .atRest }
    func moments(_ values: [Double], where included: [Bool]? = nil) -> (mean: Double, spread: Double) {
      var (count, sum, squares) = (0.0, 0.0, 0.0)
      for index in values.indices where included?[index] ?? true {
        count += 1
        sum += values[index]
        squares += values[index] * values[index]
      }
      guard count > 1 else { return (count == 1 ? sum : 0, 0) }
      let mean = sum / count
      return (mean, max(squares / count - mean * mean, 0).squareRoot())
    }
    let range = moments(frames.map(\.range))
    let along = moments(frames.map(\.along), where: moving)
    let across = moments(frames.map(\.across), where: moving)
    let scatter = moments(particles.map { Math.log($0.scatter) })
    var direction: (mean: Double, spread: Double) = (0, 0)
    if hasBearings {
      let mean = Math.atan2(
        particles.reduce(0) { $0 + $1.east / max($1.range, 1) },
        particles.reduce(0) { $0 + $1.north / max($1.range, 1) })
      let offsets = frames.map {
        Math.wrappedDegrees(($0.direction - mean) * 180 / Double.pi) * Double.pi / 180
      }
      direction = (mean, moments(offsets).spread)
    }
    func kernel(_ value: Double, _ moments: (mean: Double, spread: Double)) -> Double {
      moments.mean + shrink * (value - moments.mean) + h * moments.spread * random.normal()
    }
    for index in particles.indices {
      var frame = frames[index]
      frame.range = max(kernel(frame.range, range), NowcastConstants.nearestJitteredRange)
      if hasBearings {
        let offset =
          Math.wrappedDegrees((frame.direction - direction.mean) * 180 / Double.pi) * Double.pi / 180
        frame.direction = direction.mean + shrink * offset + h * direction.spread * random.normal()
      }
      if moving[index] {
        frame.along = kernel(frame.along, along)
        frame.across =
          hasBearings ? kernel(frame.across, across) : frame.across + h * across.spread * random.normal()
      }
      frame.apply(to: &particles[index])
      particles[index].scatter = min(
        max(
          Math.exp(kernel(Math.log(particles[index].scatter), scatter)),
          NowcastConstants.scatterRange.lowerBound),
        NowcastConstants.scatterRange.upperBound)
    }
  }
}

/// A particle seen from the observer: range and direction of the centre, and its velocity along
/// and across the line of sight.
private struct LocalFrame {
  var range: Double
  /// Radians clockwise from north.
  var direction: Double
  var along: Double
  var across: Double

  init(_ particle: StormParticle) {
    range = particle.range
    direction = Math.atan2(particle.east, particle.north)
    let (sine, cosine) = (Math.sin(direction), Math.cos(direction))
    along = particle.eastSpeed * sine + particle.northSpeed * cosine
    across = particle.eastSpeed * cosine - particle.northSpeed * sine
  }

  func apply(to particle: inout StormParticle) {
    let (sine, cosine) = (Math.sin(direction), Math.cos(direction))
    particle.east = range * sine
    particle.north = range * cosine
    particle.eastSpeed = along * sine + across * cosine
    particle.northSpeed = along * cosine - across * sine
  }
}
