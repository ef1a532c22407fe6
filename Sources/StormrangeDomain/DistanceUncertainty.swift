/// How far off a measured distance may be, as one standard error.
///
/// A timed measurement has two things a person cannot time exactly:
/// - Reaction time: about ``reactionTime`` (0.3 s) for each of the two taps, flash and thunder.
///   The two errors are independent, so they combine to √2 · 0.3 s ≈ 0.42 s of delay.
/// - Temperature: the air temperature is rarely known better than ±``temperatureUncertainty``
///   (5 °C), which moves the speed of sound by about ±3 m/s (under 1 %).
///
/// Both are independent, so the distance errors add in quadrature:
/// `± √((c · √2 · 0.3 s)² + (delay · Δc)²)`. The reaction time dominates: about ±150 m at any
/// distance, plus about 1 % of the distance from the temperature.
///
/// A detector's reading is as good as the detector: a reading of the kind ``DetectorKind/as3935`` stands for an interval
/// (``AS3935``), whose standard error as an even spread over it is its width / √12; any other
/// detector gets ±``detectorFraction`` (10 %) of the distance.
///
/// A located group's mean position is off by the network's error, ``locatedNetworkError`` (its
/// strikes are placed within 0.3–2 km), reduced by the square root of its count of strikes.
package enum DistanceUncertainty {
  /// Seconds a person is typically late pressing a key after seeing or hearing something.
  package static let reactionTime = 0.3
  /// How well the air temperature is known, in °C either way.
  package static let temperatureUncertainty = 5.0
  /// The standard error of a detector other than the AS3935, as a fraction of its distance.
  package static let detectorFraction = 0.1
  /// Metres, one standard deviation, of a located strike's position: the middle of the 0.3–2 km
  /// Blitzortung's stations achieve.
  package static let locatedNetworkError = 1000.0

  /// The delay's uncertainty in seconds: two independent taps.
  static var delaySeconds: Double { 2.0.squareRoot() * reactionTime }

  /// ± metres for `measurement`.
  package static func metres(for measurement: Measurement) -> Double {
    switch measurement.origin {
    case .timed(let timing): metres(for: timing)
    case .detector(let source): detectorMetres(distance: measurement.distance, source: source)
    case .located(let fix): locatedMetres(fix)
    }
  }

  /// ± metres for a timed measurement.
  package static func metres(for timing: ThunderTiming) -> Double {
    let timingError = timing.speedOfSound * delaySeconds
    let celsius = timing.temperature
    let speedSpread =
      (SpeedOfSound.metresPerSecond(celsius: celsius + temperatureUncertainty)
        - SpeedOfSound.metresPerSecond(celsius: celsius - temperatureUncertainty)) / 2
    let temperature = timing.delay * speedSpread
    return (timingError * timingError + temperature * temperature).squareRoot()
  }

  /// ± metres for a located group's mean position: the network's error over √count.
  package static func locatedMetres(_ fix: LocatedFix) -> Double {
    locatedNetworkError / Double(fix.strikes).squareRoot()
  }

  /// ± metres for a detector's reading of `distance` metres.
  static func detectorMetres(distance: Double, source: DetectorSource) -> Double {
    if source.kind == .as3935, let interval = AS3935.interval(forMetres: distance) {
      return (interval.upperBound - interval.lowerBound) / 12.0.squareRoot()
    }
    return distance * detectorFraction
  }
}
