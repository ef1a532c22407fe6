/// The speed of sound in dry air: c(T) = 331.3 · √(1 + T / 273.15) m/s at T °C.
package enum SpeedOfSoundInAir {
  package static func metresPerSecond(celsius: Double) -> Double {
    331.3 * (1 + celsius / 273.15).squareRoot()
  }
}
