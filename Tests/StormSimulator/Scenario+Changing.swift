#if canImport(Glibc)
  import Glibc
#endif

extension Scenario {
  /// Storms that stop, set off or turn, each recorded for at least three measurements after.
  static let changingTracks: [Scenario] = [
    Scenario("stops and rains out", motion: .changing, defeatsRangeLine: true, endsAtRest: true) { random in
      let leg = StraightLeg.draw(speedKilometresPerHour: 20...60, missMetres: 0...8000, using: &random)
      let approach = minutes(10...20, using: &random)
      let along = leg.along(atRange: random.uniform(10_000...25_000), approaching: true)
      let stop = Manoeuvre(start: approach, duration: minutes(2...5, using: &random), speed: 0)
      let duration = stop.end + minutes(6...16, using: &random)
      return .drawn(
        track: leg.track(along: along, at: approach, manoeuvres: [stop]), duration: duration,
        bearings: .drawn,
        changeEnd: stop.end, using: &random)
    },
    Scenario("still, then charging", motion: .changing) { random in
      let origin = PlaneVector(length: random.uniform(18_000...28_000), bearing: random.uniform(0...360))
      let inbound = PlaneVector.normalised(origin.bearing + 180)
      // Aimed to pass 0–5 km away.
      let offset = asin(random.uniform(0...5000) / origin.length) * 180 / .pi * random.sign()
      let charge = Manoeuvre(
        start: minutes(15...25, using: &random), duration: minutes(2...5, using: &random),
        speed: random.uniform(35...65) / 3.6, heading: inbound + offset)
      let track = StormTrack(origin: origin, speed: 0, heading: inbound, manoeuvres: [charge])
      let duration = charge.end + minutes(4...10, using: &random)
      return .drawn(track: track, duration: duration, bearings: .drawn, changeEnd: charge.end, using: &random)
    },
    Scenario("turning 45 degrees", motion: .changing, defeatsRangeLine: true) { random in
      let start = minutes(10...15, using: &random)
      let position = PlaneVector(length: random.uniform(12_000...22_000), bearing: random.uniform(0...360))
      let heading = position.bearing + 180 + random.uniform(-40...40)
      let speed = random.uniform(25...60) / 3.6
      let turn = Manoeuvre(
        start: start, duration: minutes(10...20, using: &random), speed: speed,
        heading: heading + 45 * random.sign())
      let origin = position - start * PlaneVector(length: speed, bearing: heading)
      let track = StormTrack(origin: origin, speed: speed, heading: heading, manoeuvres: [turn])
      let duration = turn.end + minutes(4...10, using: &random)
      return .drawn(track: track, duration: duration, bearings: .drawn, changeEnd: turn.end, using: &random)
    },
    Scenario("turning toward you", motion: .changing, defeatsRangeLine: true) { random in
      let leg = StraightLeg.draw(speedKilometresPerHour: 25...60, missMetres: 10_000...20_000, using: &random)
      let start = minutes(10...15, using: &random)
      let along = -random.uniform(5000...15_000)
      let towardObserver = PlaneVector.turn(from: leg.heading, to: (-1 * leg.position(along: along)).bearing)
      // 30–45°, but no further round than straight at the observer.
      let angle = min(random.uniform(30...45), abs(towardObserver))
      let turn = Manoeuvre(
        start: start, duration: minutes(10...20, using: &random), speed: leg.speed,
        heading: leg.heading + angle * (towardObserver < 0 ? -1 : 1))
      let duration = turn.end + minutes(4...10, using: &random)
      return .drawn(
        track: leg.track(along: along, at: start, manoeuvres: [turn]), duration: duration, bearings: .drawn,
        changeEnd: turn.end, using: &random)
    },
  ]
}
