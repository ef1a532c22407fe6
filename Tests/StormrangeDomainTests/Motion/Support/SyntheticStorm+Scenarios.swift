/// The storms the motion tests share: realistic tracks timed every few minutes, with 1.5 km of
/// strike scatter unless `isNoisy` is false.
extension SyntheticStorm {
  /// 40 km/h, a typical storm.
  static let typicalSpeed = 40 / 3.6

  /// Every `step` seconds from 0 to `last`.
  static func every(_ step: Double, until last: Double) -> [Double] {
    Array(stride(from: 0, through: last, by: step))
  }

  /// From 30 km west straight at the observer at 40 km/h, timed every 2 minutes for 24 minutes
  /// (ending 14 km out).
  static func headOn(isNoisy: Bool = true, withBearings: Bool = false) -> SyntheticStorm {
    SyntheticStorm(
      east: -30_000, north: 0, speed: typicalSpeed, heading: 90, times: every(120, until: 1440),
      withBearings: withBearings, isNoisy: isNoisy)
  }

  /// Eastward at 40 km/h along a line 12 km north, measured every 2 minutes for 30 minutes from
  /// 15 km west: it passed its closest point 8 minutes before the last measurement, and its range
  /// is growing again, though slowly (+15 km/h) — the storm of the complaint that a straight line
  /// through the ranges calls approaching.
  static func passedTwelveKilometresNorth(withBearings: Bool = true) -> SyntheticStorm {
    SyntheticStorm(
      east: -15_000, north: 12_000, speed: typicalSpeed, heading: 90, times: every(120, until: 1800),
      withBearings: withBearings)
  }

  /// From 6 km east, moving away at 30 km/h, timed every 2 minutes for 30 minutes.
  static let receding = SyntheticStorm(
    east: 6_000, north: 0, speed: 30 / 3.6, heading: 90, times: every(120, until: 1800))

  /// Standing 8.5 km away, timed every 2 minutes for 30 minutes.
  static func stationary(withBearings: Bool = false) -> SyntheticStorm {
    SyntheticStorm(
      east: 3_000, north: 8_000, speed: 0, heading: 0, times: every(120, until: 1800),
      withBearings: withBearings)
  }

  /// Coming south from 35 km at 40 km/h for 30 minutes; every other measurement from a detector
  /// reporting in 5 km steps (standard error 5/√12 km), the others timed.
  static let mixedWithDetector = SyntheticStorm(
    east: 0, north: 35_000, speed: typicalSpeed, heading: 180, times: every(120, until: 1800),
    uncertainty: { $0.isMultiple(of: 2) ? 5_000 / 12.0.squareRoot() : 150 })

  /// Eastward at 40 km/h along a line 5 km north, from 15 km west to 15 km east, every 3 minutes:
  /// closest, 5 km due north, 1350 s after the first measurement.
  static func passingNorth(withBearings: Bool = false, isNoisy: Bool = true) -> SyntheticStorm {
    SyntheticStorm(
      east: -15_000, north: 5_000, speed: typicalSpeed, heading: 90, times: every(180, until: 2700),
      withBearings: withBearings, isNoisy: isNoisy)
  }
}
