import StormrangeDomain

/// Where a located strike is from the observer: how far along the ellipsoid, and in which direction.
package struct LocatedRange: Equatable, Sendable {
  /// Metres along the geodesic; 0 for a strike at the observer's own position.
  package let metres: Double
  /// The direction of the strike at the observer, true north; nil when it is at the observer's own
  /// position, where no direction is meant.
  package let bearing: Bearing?

  /// Kilometres along the geodesic.
  package var kilometres: Double { metres / 1000 }

  /// The range and bearing of `strike` seen from `observer`, by ``Geodesic``.
  package init(from observer: GeoPosition, to strike: GeoPosition) throws(GeodesicUnavailable) {
    let path = try Geodesic.inverse(from: observer, to: strike)
    metres = path.metres
    // geod_inverse's azimuth is in (-180, 180]; a bearing is in [0, 360).
    bearing = path.metres > 0 ? Bearing(degrees: path.azimuth < 0 ? path.azimuth + 360 : path.azimuth) : nil
  }
}
