/// One hypothesis of the nowcast's particle filter: where the centre of the storm is and how it
/// moves, in metres and metres per second east and north of the observer, and how widely its
/// strikes scatter around that centre.
struct StormParticle: Sendable {
  var east: Double
  var north: Double
  var eastSpeed: Double
  var northSpeed: Double
  var mode: MotionMode
  /// One standard deviation of the strikes' distance from the centre, metres: a property of the
  /// storm (one cell or several), not known in advance and learnt like the rest.
  var scatter: Double

  /// Metres from the observer to the centre.
  var range: Double { (east * east + north * north).squareRoot() }

  /// The rate of change of ``range``, metres per second, negative when approaching.
  var rangeRate: Double {
    let range = self.range
    guard range > 0 else { return (eastSpeed * eastSpeed + northSpeed * northSpeed).squareRoot() }
    return (east * eastSpeed + north * northSpeed) / range
  }

  /// Metres per second over the ground.
  var speed: Double { (eastSpeed * eastSpeed + northSpeed * northSpeed).squareRoot() }
}
