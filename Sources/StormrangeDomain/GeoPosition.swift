/// A place on the WGS-84 ellipsoid, in decimal degrees: where the observer stands (`set location`),
/// or where the lightning network located a strike.
package struct GeoPosition: Equatable, Hashable, Sendable {
  /// The latitudes there are: south pole to north pole.
  package static let latitudes: ClosedRange<Double> = -90...90
  /// The longitudes accepted: 180° west to 180° east (both name the antimeridian).
  package static let longitudes: ClosedRange<Double> = -180...180

  /// Degrees north (negative south), within ``latitudes``.
  package let latitude: Double
  /// Degrees east (negative west), within ``longitudes``.
  package let longitude: Double

  /// The position, or nil when either is not finite or outside its range.
  package init?(latitude: Double, longitude: Double) {
    guard Self.latitudes.contains(latitude), Self.longitudes.contains(longitude) else { return nil }
    // -0 is 0, so that a position prints and compares as typed.
    self.latitude = latitude == 0 ? 0 : latitude
    self.longitude = longitude == 0 ? 0 : longitude
  }
}
