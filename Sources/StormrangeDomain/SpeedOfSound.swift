/// The speed of sound in dry air, which turns a thunder delay into a distance.
package enum SpeedOfSound {
  /// Metres per second at `celsius`: c(T) = 331.3 · √(1 + T / 273.15); 343.2 m/s at 20 °C.
  package static func metresPerSecond(celsius: Double) -> Double {
    331.3 * (1 + celsius / 273.15).squareRoot()
  }

  /// Coldest and hottest air we accept: beyond these no thunderstorm happens and c(T) stops being
  /// a useful model (at −273.15 °C it is zero).
  package static let plausibleCelsius: ClosedRange<Double> = -60...60

  /// Speeds another tool may have stored: those of plausible air temperatures, ±2 % (some store a
  /// fixed 343 m/s, or use another formula).
  static let plausibleMetresPerSecond: ClosedRange<Double> =
    metresPerSecond(celsius: plausibleCelsius.lowerBound)
    * 0.98...metresPerSecond(celsius: plausibleCelsius.upperBound) * 1.02
}
