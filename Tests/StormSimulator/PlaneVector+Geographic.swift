#if canImport(Glibc)
  import Glibc
#endif

extension PlaneVector {
  /// WGS-84's equatorial radius in metres and its flattening: the simulator's own, so that what it
  /// hands the program is not made with the program's constants.
  static let equatorialRadius = 6_378_137.0
  static let flattening = 1 / 298.257223563

  /// Where this point, metres east and north of an observer at `latitude`, `longitude` (degrees),
  /// lies on the WGS-84 ellipsoid: by the ellipsoid's radii of curvature at the observer, so that
  /// its geodesic range from the observer is its plane length to within metres at the ranges of
  /// storms (under 0.1 % at 100 km).
  package func geographic(fromLatitude latitude: Double, longitude: Double) -> (
    latitude: Double, longitude: Double
  ) {
    let e2 = Self.flattening * (2 - Self.flattening)
    let phi = latitude * Double.pi / 180
    let w = (1 - e2 * sin(phi) * sin(phi)).squareRoot()
    let meridian = Self.equatorialRadius * (1 - e2) / (w * w * w)
    let primeVertical = Self.equatorialRadius / w
    return (
      latitude + north / meridian * 180 / Double.pi,
      longitude + east / (primeVertical * cos(phi)) * 180 / Double.pi
    )
  }
}
