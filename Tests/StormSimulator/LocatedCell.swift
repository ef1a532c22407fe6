/// One thunderstorm cell as a lightning network sees it: a track over the ground (moving, and for
/// some turning or slowing, as ``StormTrack`` does), how its strikes scatter about the track, and
/// how its strike rate grows and decays over its life.
package struct LocatedCell: Equatable, Sendable {
  package let track: StormTrack
  /// Metres, one standard deviation east and north, of a strike about the cell's centre.
  package let strikeScatter: Double
  /// Strikes a minute at the cell's peak.
  package let peakRate: Double
  /// Seconds after the simulation's start at which the cell starts, peaks and ends.
  package let birth: Double
  package let peak: Double
  package let death: Double

  package init(
    track: StormTrack, strikeScatter: Double, peakRate: Double, birth: Double, peak: Double, death: Double
  ) {
    self.track = track
    self.strikeScatter = strikeScatter
    self.peakRate = peakRate
    self.birth = birth
    self.peak = peak
    self.death = death
  }

  /// Strikes a minute at `time`: rising evenly from 0 at birth to the peak, falling evenly to 0 at
  /// death.
  package func rate(at time: Double) -> Double {
    guard time > birth, time < death else { return 0 }
    return time <= peak
      ? peakRate * (time - birth) / (peak - birth) : peakRate * (death - time) / (death - peak)
  }
}
