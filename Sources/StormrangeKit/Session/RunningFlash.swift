import StormrangeDomain

/// The flash the stopwatch is timing: when it was seen and, when given with `flash BEARING`, where.
public struct RunningFlash: Equatable, Sendable {
  public var moment: Moment
  public var bearing: Bearing?
  /// The batch line of its `flash` (0 elsewhere), for a warning about it later.
  public var lineNumber: Int

  public init(moment: Moment, bearing: Bearing? = nil, lineNumber: Int = 0) {
    self.moment = moment
    self.bearing = bearing
    self.lineNumber = lineNumber
  }
}
