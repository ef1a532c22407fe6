#if canImport(Glibc)
  import Glibc
#endif

/// A point or a velocity on the ground, in metres (or metres per second) east and north of the
/// observer, who stands at the origin.
package struct PlaneVector: Equatable, Sendable {
  package var east: Double
  package var north: Double

  package static let zero = PlaneVector(east: 0, north: 0)

  package init(east: Double, north: Double) {
    self.east = east
    self.north = north
  }

  /// The vector of `length` toward `bearing`, degrees clockwise from north.
  package init(length: Double, bearing: Double) {
    let radians = bearing * .pi / 180
    self.init(east: length * sin(radians), north: length * cos(radians))
  }

  package var length: Double { (east * east + north * north).squareRoot() }

  /// Degrees clockwise from north toward which the vector points, 0 ≤ bearing < 360; 0 for zero.
  package var bearing: Double { Self.normalised(atan2(east, north) * 180 / .pi) }

  package func dot(_ other: PlaneVector) -> Double { east * other.east + north * other.north }

  package static func + (left: PlaneVector, right: PlaneVector) -> PlaneVector {
    PlaneVector(east: left.east + right.east, north: left.north + right.north)
  }

  package static func - (left: PlaneVector, right: PlaneVector) -> PlaneVector {
    PlaneVector(east: left.east - right.east, north: left.north - right.north)
  }

  package static func * (scale: Double, vector: PlaneVector) -> PlaneVector {
    PlaneVector(east: scale * vector.east, north: scale * vector.north)
  }

  /// `degrees` brought into 0 ≤ degrees < 360.
  package static func normalised(_ degrees: Double) -> Double {
    let reduced = degrees.truncatingRemainder(dividingBy: 360)
    let positive = reduced < 0 ? reduced + 360 : reduced
    return positive == 360 ? 0 : positive
  }

  /// The smaller angle between two bearings, 0 to 180 degrees.
  package static func angle(between first: Double, and second: Double) -> Double {
    let difference = normalised(first - second)
    return min(difference, 360 - difference)
  }

  /// The turn from `first` to `second` along the shorter way, −180 to 180 degrees (positive
  /// clockwise).
  package static func turn(from first: Double, to second: Double) -> Double {
    let difference = normalised(second - first)
    return difference > 180 ? difference - 360 : difference
  }
}
