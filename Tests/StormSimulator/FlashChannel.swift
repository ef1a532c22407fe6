/// Where a flash's lightning channel is.
///
/// A cloud-to-ground flash is a vertical channel from its strike point up into the cloud; the
/// observer, on the ground, is nearest its foot. An in-cloud flash is a horizontal channel some
/// kilometres long, about 5 km up, so its thunder comes first from the channel's nearest part:
/// nearer than its middle when the channel points toward the observer, but never nearer than its
/// height.
package struct FlashChannel: Equatable, Sendable {
  /// The strike point, or the middle of an in-cloud channel, on the ground plane.
  package let centre: PlaneVector
  /// Metres above ground of an in-cloud channel; 0 for a cloud-to-ground flash.
  package let altitude: Double
  /// Metres of an in-cloud channel; 0 for a cloud-to-ground flash.
  package let length: Double
  /// Degrees clockwise from north along which an in-cloud channel lies.
  package let orientation: Double

  package init(centre: PlaneVector, altitude: Double = 0, length: Double = 0, orientation: Double = 0) {
    self.centre = centre
    self.altitude = altitude
    self.length = length
    self.orientation = orientation
  }

  package var isInCloud: Bool { altitude > 0 }

  /// Metres over the ground from the observer to ``centre``.
  package var groundDistance: Double { centre.length }

  /// Metres from the observer to the nearest part of the channel, from where thunder is heard first.
  package var nearestDistance: Double {
    guard isInCloud else { return groundDistance }
    let along = PlaneVector(length: 1, bearing: orientation)
    let offset = min(max(-centre.dot(along), -length / 2), length / 2)
    let nearest = (centre + offset * along).length
    return (nearest * nearest + altitude * altitude).squareRoot()
  }

  /// Metres from the observer to the middle of the channel, in a straight line through the air.
  package var slantDistance: Double {
    (groundDistance * groundDistance + altitude * altitude).squareRoot()
  }
}
