@preconcurrency import CGeodesic
import StormrangeDomain

/// Distances and directions on the WGS-84 ellipsoid by Karney's inverse geodesic, "Algorithms for
/// geodesics" (J. Geodesy 87, 2013), from PROJ's C library, loaded the first time it is needed
/// (Sources/CGeodesic/shim.h says why it is not linked). Accurate to some 15 nanometres; a spherical
/// formula is off by up to 0.5 %.
package enum Geodesic {
  /// PROJ's file names, newest first (Debian: libproj25); the unversioned one comes with
  /// libproj-dev alone.
  static let libraries = ["libproj.so.25", "libproj.so"]
  /// WGS-84's equatorial radius in metres, and its flattening.
  static let equatorialRadius = 6_378_137.0
  static let flattening = 1 / 298.257223563

  /// The ellipsoid and PROJ's functions, or why they could not be loaded.
  private static let loaded: Result<(stormrange_geodesic, geod_geodesic), GeodesicUnavailable> = {
    var functions = stormrange_geodesic()
    var failures: [String] = []
    for library in libraries {
      guard let failure = stormrange_geodesic_load(library, &functions) else { break }
      failures.append(String(cString: failure))
    }
    if failures.count == libraries.count {
      return .failure(GeodesicUnavailable(library: libraries[0], reason: failures[0]))
    }
    var ellipsoid = geod_geodesic()
    functions.init_ellipsoid(&ellipsoid, equatorialRadius, flattening)
    return .success((functions, ellipsoid))
  }()

  /// Whether PROJ could be loaded; the error says why not.
  package static func checkAvailable() throws(GeodesicUnavailable) {
    _ = try loaded.get()
  }

  /// The shortest path from `start` to `end`: its length in metres, and its direction at `start` in
  /// degrees clockwise from north, -180 < degrees ≤ 180.
  package static func inverse(from start: GeoPosition, to end: GeoPosition) throws(GeodesicUnavailable) -> (
    metres: Double, azimuth: Double
  ) {
    var (functions, ellipsoid) = try loaded.get()
    var metres = 0.0
    var azimuth = 0.0
    var arrivalAzimuth = 0.0
    functions.inverse(
      &ellipsoid, start.latitude, start.longitude, end.latitude, end.longitude, &metres, &azimuth,
      &arrivalAzimuth)
    return (metres, azimuth)
  }
}
