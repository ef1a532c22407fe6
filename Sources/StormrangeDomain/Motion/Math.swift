import Glibc

/// The C library's elementary functions under one name, so the estimator's files need not each
/// import the platform's C library.
enum Math {
  static func log(_ x: Double) -> Double { Glibc.log(x) }
  static func exp(_ x: Double) -> Double { Glibc.exp(x) }
  static func cos(_ x: Double) -> Double { Glibc.cos(x) }
  static func sin(_ x: Double) -> Double { Glibc.sin(x) }
  static func atan2(_ y: Double, _ x: Double) -> Double { Glibc.atan2(y, x) }
  static func erfc(_ x: Double) -> Double { Glibc.erfc(x) }
  static func log1p(_ x: Double) -> Double { Glibc.log1p(x) }

  /// The standard normal distribution function Φ(z).
  static func normalCDF(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }

  /// `angle` in degrees brought into -180..<180.
  static func wrappedDegrees(_ angle: Double) -> Double {
    var a = angle.truncatingRemainder(dividingBy: 360)
    if a >= 180 { a -= 360 }
    if a < -180 { a += 360 }
    return a
  }

  /// Degrees clockwise from north of the point `east`, `north`: 0..<360.
  static func bearingDegrees(east: Double, north: Double) -> Double {
    let degrees = atan2(east, north) * 180 / Double.pi
    return degrees < 0 ? degrees + 360 : degrees
  }
}
