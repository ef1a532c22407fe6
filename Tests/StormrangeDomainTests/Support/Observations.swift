import FoundationEssentials

@testable import StormrangeDomain

/// A timed measurement `seconds` after `origin`, ±150 m of its own.
func observed(_ seconds: Double, km: Double, bearing: Double? = nil) -> RangeObservation {
  RangeObservation(
    date: origin.addingTimeInterval(seconds), distance: km * 1000, uncertainty: 150, bearing: bearing)
}

/// An AS3935 reading of `km` (a step) `seconds` after `origin`.
func chip(_ seconds: Double, km: Double) -> RangeObservation {
  let metres = km * 1000
  let interval = AS3935.interval(forMetres: metres)!
  return RangeObservation(
    date: origin.addingTimeInterval(seconds), distance: metres,
    uncertainty: (interval.upperBound - interval.lowerBound) / 12.0.squareRoot(), sensor: .as3935)
}

/// A storm on a straight course, timed once a minute for `minutes` minutes from `origin`: its centre
/// starts `start` kilometres east and north of the observer and moves at `velocity` km/h east and
/// north. Each range is the centre's, and with `bearings` each bearing too, to a tenth of a degree
/// (so never taken for a rounded one).
func straightCourse(
  from start: (east: Double, north: Double), kmPerHour velocity: (east: Double, north: Double),
  minutes: Int, bearings: Bool
) -> [RangeObservation] {
  (0...minutes).map { minute in
    let hours = Double(minute) / 60
    let (east, north) = (start.east + velocity.east * hours, start.north + velocity.north * hours)
    let bearing = (Math.bearingDegrees(east: east, north: north) * 10).rounded() / 10 + 0.05
    return observed(
      Double(minute) * 60, km: (east * east + north * north).squareRoot(), bearing: bearings ? bearing : nil)
  }
}
