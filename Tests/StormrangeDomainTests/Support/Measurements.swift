import FoundationEssentials
import Testing

@testable import StormrangeDomain

/// 2026-07-01T16:00:00Z, a fixed origin for the measurements below.
let origin = Date(timeIntervalSince1970: 1_782_921_600)

/// A measurement `seconds` after `origin` at `metres` (20 °C; the delay is what gives that distance).
func measured(at seconds: Double, metres: Double, temperature: Double = 20) -> Measurement {
  let speed = SpeedOfSound.metresPerSecond(celsius: temperature)
  return Measurement(
    date: origin.addingTimeInterval(seconds), delay: metres / speed, distance: metres,
    temperature: temperature, speedOfSound: speed, note: nil)
}
