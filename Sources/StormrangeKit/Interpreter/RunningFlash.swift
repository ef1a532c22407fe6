import StormrangeDomain

/// The flash the stopwatch is timing: when it was seen and, when given with `flash BEARING`, where.
public struct RunningFlash: Equatable, Sendable {
  public var moment: Moment
  public var bearing: Bearing?

  public init(moment: Moment, bearing: Bearing? = nil) {
    self.moment = moment
    self.bearing = bearing
  }
}
