/// What the storm's centre (the centroid of its cells) really does at the status time, for scoring.
package struct StormTruth: Equatable, Sendable {
  /// Metres east and north of the observer, and metres per second.
  package let position: PlaneVector
  package let velocity: PlaneVector
  /// Metres from the observer.
  package var range: Double { position.length }
  /// Metres per second at which the range changes, negative when it falls: d|p|/dt.
  package let rangeRate: Double
  /// Metres per second over the ground.
  package var groundSpeed: Double { velocity.length }
  /// Degrees clockwise from north toward which the centre moves; nil at rest.
  package var heading: Double? { isAtRest ? nil : velocity.bearing }
  package var isAtRest: Bool { groundSpeed == 0 }
  /// Metres from the observer where the centre comes nearest if it keeps its present velocity; its
  /// range when at rest.
  package let closestDistance: Double
  /// Seconds since 1970 when it comes nearest on that straight line (past or future); nil at rest.
  package let closestTime: Double?
  /// Seconds since 1970 when the centre, as it really goes on to move, is first within
  /// ``closeDistance`` at or after the status time (the status time when it already is); nil when
  /// not within ``arrivalHorizon``.
  package let arrivalWithin10km: Double?

  package static let closeDistance = 10_000.0
  package static let arrivalHorizon = 3 * 3600.0
  /// Seconds between the points at which the future track is searched for the arrival.
  static let arrivalSearchStep = 10.0

  /// The truth of `track` at `time` seconds after the first flash, which is `statusTime` since 1970.
  package init(track: StormTrack, at time: Double, statusTime: Double) {
    position = track.position(at: time)
    velocity = track.velocity(at: time)
    let range = position.length
    rangeRate = range > 0 ? position.dot(velocity) / range : -velocity.length
    let speedSquared = velocity.dot(velocity)
    if speedSquared > 0 {
      let ahead = -position.dot(velocity) / speedSquared
      closestDistance = (position + ahead * velocity).length
      closestTime = statusTime + ahead
    } else {
      closestDistance = range
      closestTime = nil
    }
    arrivalWithin10km = Self.arrival(of: track, after: time).map { statusTime + $0 - time }
  }

  /// Seconds after the first flash when `track` is first within ``closeDistance`` at or after
  /// `time`, to within a metre's worth of the last step; nil when not within the horizon.
  static func arrival(of track: StormTrack, after time: Double) -> Double? {
    var previous = (time: time, range: track.position(at: time).length)
    guard previous.range > closeDistance else { return time }
    while previous.time < time + arrivalHorizon {
      let next = previous.time + arrivalSearchStep
      let range = track.position(at: next).length
      if range <= closeDistance {
        // Linear between the two points.
        let fraction = (previous.range - closeDistance) / (previous.range - range)
        return previous.time + fraction * arrivalSearchStep
      }
      previous = (next, range)
    }
    return nil
  }
}
