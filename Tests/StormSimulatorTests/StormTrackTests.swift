import Testing

@testable import StormSimulator

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct StormTrackTests {
  @Test func straightTrackMovesAtItsVelocity() {
    let track = StormTrack(origin: PlaneVector(east: 0, north: 20_000), speed: 10, heading: 180)
    #expect(abs(track.position(at: 600).north - 14_000) < 1e-6)
    #expect(abs(track.position(at: 600).east) < 1e-6)
  }

  /// Slowing evenly to a stop covers half the distance it would have at full speed, then stays.
  @Test func aStopCoversHalfItsDistanceThenStays() {
    let stop = Manoeuvre(start: 600, duration: 240, speed: 0)
    let track = StormTrack(
      origin: PlaneVector(east: 0, north: 30_000), speed: 10, heading: 180, manoeuvres: [stop])
    #expect(abs(track.position(at: 600).north - 24_000) < 1e-6)
    #expect(abs(track.position(at: 840).north - (24_000 - 10 * 240 / 2)) < 1e-3)
    #expect(track.position(at: 840) == track.position(at: 5000))
    #expect(track.velocity(at: 900) == .zero)
  }

  /// An even 45° turn is an arc: the chord is v·T·sin(θ/2)/(θ/2), along the mean heading.
  @Test func aTurnIsAnArc() {
    let turn = Manoeuvre(start: 0, duration: 1200, speed: 15, heading: 45)
    let track = StormTrack(origin: .zero, speed: 15, heading: 0, manoeuvres: [turn])
    let angle = Double.pi / 4
    let chord = track.position(at: 1200)
    #expect(abs(chord.length - 15 * 1200 * sin(angle / 2) / (angle / 2)) < 0.5)
    #expect(abs(chord.bearing - 22.5) < 0.01)
    #expect(abs(track.motion(at: 600).heading - 22.5) < 1e-9)
    #expect(abs(track.motion(at: 2000).heading - 45) < 1e-9)
  }

  @Test func turnsGoTheShorterWayRound() {
    let turn = Manoeuvre(start: 0, duration: 100, speed: 10, heading: 330)
    let track = StormTrack(origin: .zero, speed: 10, heading: 10, manoeuvres: [turn])
    #expect(abs(track.motion(at: 50).heading - 350) < 1e-9)
  }

  /// At rest, then off on the new heading at once, gathering speed evenly.
  @Test func aStormAtRestSetsOffOnItsNewHeading() {
    let charge = Manoeuvre(start: 1200, duration: 180, speed: 15, heading: 270)
    let origin = PlaneVector(east: 25_000, north: 0)
    let track = StormTrack(origin: origin, speed: 0, heading: 270, manoeuvres: [charge])
    #expect(track.position(at: 1200) == origin)
    #expect(abs(track.position(at: 1380).east - (25_000 - 15 * 180 / 2)) < 1e-3)
    #expect(abs(track.motion(at: 1290).heading - 270) < 1e-9)
    #expect(abs(track.motion(at: 1290).speed - 7.5) < 1e-9)
  }
}
