import FoundationEssentials
import StormrangeDomain

#if canImport(Glibc)
  import Glibc
#endif

/// The strikes of one place in at most a minute: what one history entry records (docs/science.md,
/// "Located strikes"). Positions are averaged on a local plane about its first strike, which over a
/// few kilometres differs from the ellipsoid by far less than the network's own error.
package struct LocatedGroup: Equatable, Sendable {
  /// Metres in a degree of latitude, and of longitude at the equator, on a sphere of the Earth's
  /// mean radius: for offsets within a group only.
  static let metresPerDegree = 6_371_008.8 * Double.pi / 180

  /// The most strikes a group holds: the most an entry may record
  /// (``MeasurementRules/locatedRange(_:)``), so that what is saved loads again.
  package static let maximumStrikes = Int(MeasurementRules.locatedRange(.strikes).upperBound)

  /// Tells this group from the others while it is open.
  package let id: Int
  /// Its first strike's time: the entry's date; the window runs a minute from it.
  package let start: Date
  /// The latest strike's time.
  package private(set) var end: Date
  package private(set) var count = 0
  /// The range of its nearest strike from the observer: what the advice counts.
  package private(set) var nearest: LocatedRange
  /// Where its first strike was: the origin of the plane its offsets are measured on.
  private let anchor: GeoPosition
  /// Sums of the strikes' offsets east and north of ``anchor`` in metres, and of their squares.
  private var east = 0.0
  private var north = 0.0
  private var squares = 0.0

  init(id: Int, first strike: LocatedStrike, range: LocatedRange) {
    self.id = id
    start = strike.date
    end = strike.date
    nearest = range
    anchor = strike.position
    add(strike, range: range)
  }

  /// Counts `strike`, at `range` from the observer, in the group.
  mutating func add(_ strike: LocatedStrike, range: LocatedRange) {
    let offset = offset(of: strike.position)
    east += offset.east
    north += offset.north
    squares += offset.east * offset.east + offset.north * offset.north
    count += 1
    end = max(end, strike.date)
    if range.metres < nearest.metres { nearest = range }
  }

  /// Metres from the group's mean position to `position`, on the group's plane.
  func distance(to position: GeoPosition) -> Double {
    let offset = offset(of: position)
    let count = Double(self.count)
    let east = offset.east - self.east / count
    let north = offset.north - self.north / count
    return (east * east + north * north).squareRoot()
  }

  /// Where its strikes were on average.
  package var meanPosition: GeoPosition {
    let count = Double(self.count)
    let latitude = anchor.latitude + north / count / Self.metresPerDegree
    var longitude = anchor.longitude + east / count / (Self.metresPerDegree * Self.cosine(anchor.latitude))
    // Across the antimeridian.
    if longitude > 180 { longitude -= 360 }
    if longitude < -180 { longitude += 360 }
    return GeoPosition(latitude: min(max(latitude, -90), 90), longitude: longitude) ?? anchor
  }

  /// The root-mean-square distance of its strikes from their mean position, in metres: 0 for one.
  package var spread: Double {
    let count = Double(self.count)
    let meanEast = east / count
    let meanNorth = north / count
    return max(0, squares / count - meanEast * meanEast - meanNorth * meanNorth).squareRoot()
  }

  /// `position`'s offset east and north of ``anchor``, in metres, the longitude taken the short way
  /// round (across the antimeridian too).
  private func offset(of position: GeoPosition) -> (east: Double, north: Double) {
    var longitude = position.longitude - anchor.longitude
    if longitude > 180 { longitude -= 360 }
    if longitude < -180 { longitude += 360 }
    return (
      longitude * Self.metresPerDegree * Self.cosine(anchor.latitude),
      (position.latitude - anchor.latitude) * Self.metresPerDegree
    )
  }

  /// The cosine of `degrees`, kept from 0 at the poles, where a degree of longitude is no distance.
  private static func cosine(_ degrees: Double) -> Double {
    max(cos(degrees * Double.pi / 180), 1e-9)
  }
}
