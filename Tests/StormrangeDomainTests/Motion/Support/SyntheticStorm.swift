import FoundationEssentials
import TestSupport

@testable import StormrangeDomain

#if canImport(Glibc)
  import Glibc
#endif

/// A storm of known straight track, and noisy measurements of it.
///
/// Each strike lands at the storm's centre plus an isotropic Gaussian offset of `scatter` metres
/// (cells are kilometres wide); its measured range adds the measurement's own Gaussian error, and
/// its bearing a Gaussian error of ``MotionModel/bearingError``.
struct SyntheticStorm {
  /// The centre at `origin`, metres east and north of the observer.
  var east: Double
  var north: Double
  /// Metres per second east and north.
  var eastSpeed: Double
  var northSpeed: Double
  /// Seconds after `origin` of each measurement, and its own standard error in metres.
  var times: [Double]
  var uncertainties: [Double]
  var scatter: Double
  var withBearings = false
  /// False for exact measurements, without scatter or errors.
  var isNoisy = true

  /// A track moving `speed` m/s toward `heading` degrees, at the given position at `origin`.
  init(
    east: Double, north: Double, speed: Double, heading: Double, times: [Double],
    uncertainty: (Int) -> Double = { _ in 150 }, scatter: Double = 1_500, withBearings: Bool = false,
    isNoisy: Bool = true
  ) {
    self.isNoisy = isNoisy
    self.east = east
    self.north = north
    eastSpeed = speed * sin(heading * .pi / 180)
    northSpeed = speed * cos(heading * .pi / 180)
    self.times = times
    uncertainties = times.indices.map(uncertainty)
    self.scatter = scatter
    self.withBearings = withBearings
  }

  var speed: Double { (eastSpeed * eastSpeed + northSpeed * northSpeed).squareRoot() }
  /// Seconds after `origin` of the closest approach.
  var closestTime: Double { -(east * eastSpeed + north * northSpeed) / (speed * speed) }
  var closestDistance: Double { range(at: closestTime) }
  var closestBearing: Double { compass(position(at: closestTime)) }
  var heading: Double { compass((eastSpeed, northSpeed)) }
  var now: Date { origin.addingTimeInterval(times.max() ?? 0) }

  func position(at seconds: Double) -> (Double, Double) {
    (east + eastSpeed * seconds, north + northSpeed * seconds)
  }

  func range(at seconds: Double) -> Double {
    let (x, y) = position(at: seconds)
    return (x * x + y * y).squareRoot()
  }

  /// The true rate of change of range at `seconds`, m/s.
  func rangeRate(at seconds: Double) -> Double {
    let (x, y) = position(at: seconds)
    return (x * eastSpeed + y * northSpeed) / range(at: seconds)
  }

  func observations(seed: UInt64) -> [RangeObservation] {
    var random = SeededRandom(seed: seed)
    let noise = { (sigma: Double) -> Double in isNoisy ? random.gaussian(sigma: sigma) : 0 }
    return zip(times, uncertainties).map { time, uncertainty in
      let (x, y) = position(at: time)
      let strikeEast = x + noise(scatter)
      let strikeNorth = y + noise(scatter)
      let distance = (strikeEast * strikeEast + strikeNorth * strikeNorth).squareRoot()
      let measured = max(distance + noise(uncertainty), 100)
      var bearing: Double? = nil
      if withBearings {
        bearing = compass((strikeEast, strikeNorth)) + noise(MotionModel.bearingError)
        bearing = (bearing! + 360).truncatingRemainder(dividingBy: 360)
      }
      return RangeObservation(
        date: origin.addingTimeInterval(time), distance: measured, uncertainty: uncertainty, bearing: bearing)
    }
  }

  private func compass(_ vector: (Double, Double)) -> Double {
    let degrees = atan2(vector.0, vector.1) * 180 / .pi
    return degrees < 0 ? degrees + 360 : degrees
  }
}
