/// The path of a storm's centre over the ground: a start, a speed and heading, and the manoeuvres
/// that change them (each complete before the next starts). Times are seconds after the storm's
/// first flash; before 0 and after the last manoeuvre the motion is straight and steady.
package struct StormTrack: Equatable, Sendable {
  /// Where the centre is at time 0.
  package let origin: PlaneVector
  /// Metres per second and degrees toward at time 0.
  package let initialSpeed: Double
  package let initialHeading: Double
  package let manoeuvres: [Manoeuvre]
  /// Where the centre is as each manoeuvre starts and ends.
  private let manoeuvreEnds: [(start: PlaneVector, end: PlaneVector)]

  /// The seconds of one integration step within a manoeuvre.
  static let integrationStep = 5.0

  package init(origin: PlaneVector, speed: Double, heading: Double, manoeuvres: [Manoeuvre] = []) {
    self.origin = origin
    initialSpeed = speed
    initialHeading = PlaneVector.normalised(heading)
    self.manoeuvres = manoeuvres.sorted { $0.start < $1.start }
    var ends: [(start: PlaneVector, end: PlaneVector)] = []
    var position = origin
    var time = 0.0
    var motion = (speed: speed, heading: initialHeading)
    for manoeuvre in self.manoeuvres {
      let start =
        position + (manoeuvre.start - time) * PlaneVector(length: motion.speed, bearing: motion.heading)
      let end =
        start
        + Self.displacement(
          during: manoeuvre, from: motion, over: manoeuvre.start...manoeuvre.end)
      ends.append((start, end))
      position = end
      time = manoeuvre.end
      motion = Self.motion(after: manoeuvre, from: motion)
    }
    manoeuvreEnds = ends
  }

  package static func == (left: StormTrack, right: StormTrack) -> Bool {
    left.origin == right.origin && left.initialSpeed == right.initialSpeed
      && left.initialHeading == right.initialHeading && left.manoeuvres == right.manoeuvres
  }

  /// Speed (m/s) and heading (degrees toward) at `time`.
  package func motion(at time: Double) -> (speed: Double, heading: Double) {
    var motion = (speed: initialSpeed, heading: initialHeading)
    for manoeuvre in manoeuvres {
      guard time > manoeuvre.start else { break }
      guard time >= manoeuvre.end else { return Self.motion(during: manoeuvre, from: motion, at: time) }
      motion = Self.motion(after: manoeuvre, from: motion)
    }
    return motion
  }

  package func velocity(at time: Double) -> PlaneVector {
    let motion = motion(at: time)
    return PlaneVector(length: motion.speed, bearing: motion.heading)
  }

  /// Where the centre is at `time`.
  package func position(at time: Double) -> PlaneVector {
    guard let index = manoeuvres.lastIndex(where: { $0.start < time }) else {
      return origin + time * PlaneVector(length: initialSpeed, bearing: initialHeading)
    }
    let manoeuvre = manoeuvres[index]
    if time >= manoeuvre.end {
      return manoeuvreEnds[index].end + (time - manoeuvre.end) * velocity(at: manoeuvre.end)
    }
    let before = motion(at: manoeuvre.start)
    return manoeuvreEnds[index].start
      + Self.displacement(during: manoeuvre, from: before, over: manoeuvre.start...time)
  }

  /// The motion once `manoeuvre` is complete, from `before`.
  private static func motion(after manoeuvre: Manoeuvre, from before: (speed: Double, heading: Double))
    -> (speed: Double, heading: Double)
  {
    (manoeuvre.speed, PlaneVector.normalised(manoeuvre.heading ?? before.heading))
  }

  /// The motion part-way through `manoeuvre`: speed and heading each change evenly with time. From
  /// rest, the storm sets off on the new heading.
  private static func motion(
    during manoeuvre: Manoeuvre, from before: (speed: Double, heading: Double), at time: Double
  ) -> (speed: Double, heading: Double) {
    let fraction = min(max((time - manoeuvre.start) / manoeuvre.duration, 0), 1)
    let speed = before.speed + (manoeuvre.speed - before.speed) * fraction
    guard let target = manoeuvre.heading else { return (speed, before.heading) }
    guard before.speed > 0 else { return (speed, PlaneVector.normalised(target)) }
    let heading = before.heading + PlaneVector.turn(from: before.heading, to: target) * fraction
    return (speed, PlaneVector.normalised(heading))
  }

  /// How far the centre moves during `interval`, a part of `manoeuvre`: Simpson's rule in steps of
  /// at most ``integrationStep``.
  private static func displacement(
    during manoeuvre: Manoeuvre, from before: (speed: Double, heading: Double),
    over interval: ClosedRange<Double>
  ) -> PlaneVector {
    let span = interval.upperBound - interval.lowerBound
    guard span > 0 else { return .zero }
    let halfSteps = Int((span / integrationStep).rounded(.up))
    let count = 2 * max(halfSteps, 1)
    let step = span / Double(count)
    var sum = PlaneVector.zero
    for index in 0...count {
      let motion = motion(during: manoeuvre, from: before, at: interval.lowerBound + Double(index) * step)
      let weight: Double = index == 0 || index == count ? 1 : (index % 2 == 1 ? 4 : 2)
      sum = sum + weight * PlaneVector(length: motion.speed, bearing: motion.heading)
    }
    return (step / 3) * sum
  }
}
