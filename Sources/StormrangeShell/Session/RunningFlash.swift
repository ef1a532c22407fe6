import StormrangeDomain

/// The flash the stopwatch is timing: when it was seen and, when given with `flash BEARING`, where.
package struct RunningFlash: Equatable, Sendable {
  package var moment: Moment
  /// How long before `moment` the flash may have been seen, in seconds: its line was already
  /// waiting when it was read (``InputLine/arrivalUncertainty``); 0 when it came as it was read.
  package var uncertainty: Double
  package var bearing: Bearing?
  /// The batch line of its `flash` (0 elsewhere), for a warning about it later.
  package var lineNumber: Int

  package init(moment: Moment, uncertainty: Double = 0, bearing: Bearing? = nil, lineNumber: Int = 0) {
    self.moment = moment
    self.uncertainty = uncertainty
    self.bearing = bearing
    self.lineNumber = lineNumber
  }
}
