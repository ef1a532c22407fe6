/// How far off a measured distance may be, from the two things a person cannot time exactly.
///
/// - Reaction time: about ``reactionTime`` (0.3 s) for each of the two taps, flash and thunder.
///   The two errors are independent, so they combine to √2 · 0.3 s ≈ 0.42 s of delay.
/// - Temperature: the air temperature is rarely known better than ±``temperatureUncertainty``
///   (5 °C), which moves the speed of sound by about ±3 m/s (under 1 %).
///
/// Both are independent, so the distance errors add in quadrature:
/// `± √((c · √2 · 0.3 s)² + (delay · Δc)²)`. The reaction time dominates: about ±150 m at any
/// distance, plus about 1 % of the distance from the temperature.
public enum DistanceUncertainty {
  /// Seconds a person is typically late pressing a key after seeing or hearing something.
  public static let reactionTime = 0.3
  /// How well the air temperature is known, in °C either way.
  public static let temperatureUncertainty = 5.0

  /// The delay's uncertainty in seconds: two independent taps.
  public static var delaySeconds: Double { 2.0.squareRoot() * reactionTime }

  /// ± metres for `measurement`.
  public static func metres(for measurement: Measurement) -> Double {
    let timing = measurement.speedOfSound * delaySeconds
    let celsius = measurement.temperature
    let speedSpread =
      (SpeedOfSound.metresPerSecond(celsius: celsius + temperatureUncertainty)
        - SpeedOfSound.metresPerSecond(celsius: celsius - temperatureUncertainty)) / 2
    let temperature = measurement.delay * speedSpread
    return (timing * timing + temperature * temperature).squareRoot()
  }
}
