import FoundationEssentials

/// One range measurement as the motion estimator sees it: when the lightning was, how far, how well
/// the measurement itself knows that, what made it, and optionally which way.
package struct RangeObservation: Equatable, Sendable {
  /// What made a range, which decides how it relates to the storm (``SensorRange``).
  ///
  /// Its order, the order in which the cases are declared, only sorts observations.
  package enum Sensor: Comparable, Sendable {
    /// Thunder timed by a person: to the nearest part of the channel.
    case ears
    /// An AS3935's step (``AS3935``): an interval, read from the flash's radio pulse.
    case as3935
    /// Any other detector: ±``DistanceUncertainty/detectorFraction`` of the distance.
    case detector
    /// A lightning network's group of `strikes` located strikes (``LocatedFix``): the range of
    /// their mean position.
    case located(strikes: Int)
  }

  /// When the lightning was (not when the thunder arrived).
  package var date: Date
  /// Metres from the observer to the nearest part of the channel.
  package var distance: Double
  /// The measurement's own standard error, metres: tap timing and temperature for a timed delay
  /// (``DistanceUncertainty``), or a detector step's interval. The scatter of strikes within the
  /// storm comes on top of this.
  package var uncertainty: Double
  /// Degrees clockwise from north, 0..<360, when the observer gave one.
  package var bearing: Double?
  package var sensor: Sensor

  package init(
    date: Date, distance: Double, uncertainty: Double, bearing: Double? = nil, sensor: Sensor = .ears
  ) {
    self.date = date
    self.distance = distance
    self.uncertainty = uncertainty
    self.bearing = bearing
    self.sensor = sensor
  }

  /// An order of observations by every field, so that the same observations in any order give the
  /// same nowcast.
  static func precedes(_ left: RangeObservation, _ right: RangeObservation) -> Bool {
    (left.date, left.distance, left.bearing ?? -1, left.sensor, left.uncertainty)
      < (right.date, right.distance, right.bearing ?? -1, right.sensor, right.uncertainty)
  }
}
