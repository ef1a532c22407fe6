/// One measurement as the observer records it: plain numbers, for whatever estimator is scored.
package struct SimulatedMeasurement: Equatable, Sendable {
  package enum Kind: String, Equatable, Sendable, CaseIterable {
    /// A delay counted to the half second.
    case counted
    /// A delay timed to the tenth.
    case stopwatch
    /// An AS3935 lightning sensor's step.
    case as3935
    /// A detector good to ±10 % (one standard deviation).
    case detector10

    package var isTimed: Bool { self == .counted || self == .stopwatch }
  }

  /// Seconds since 1970 of the flash, whole.
  package let time: Double
  package let kind: Kind
  /// Seconds from flash to thunder, for a timed measurement.
  package let delay: Double?
  /// The temperature setting, °C, for a timed measurement.
  package let temperatureSetting: Double?
  /// Metres the detector reported, for a detector's reading.
  package let distance: Double?
  /// Degrees clockwise from north, as the observer wrote it down; nil when none was given.
  package let bearing: Double?

  package init(
    time: Double, kind: Kind, delay: Double? = nil, temperatureSetting: Double? = nil,
    distance: Double? = nil,
    bearing: Double? = nil
  ) {
    self.time = time
    self.kind = kind
    self.delay = delay
    self.temperatureSetting = temperatureSetting
    self.distance = distance
    self.bearing = bearing
  }
}
