import Testing

@testable import StormrangeDomain

@Suite struct SpeedOfSoundTests {
  @Test func twentyDegreesIs343Point2() {
    #expect(abs(SpeedOfSound.metresPerSecond(celsius: 20) - 343.2) < 0.05)
  }

  @Test func zeroDegreesIs331Point3() {
    #expect(SpeedOfSound.metresPerSecond(celsius: 0) == 331.3)
  }

  @Test func colderAirIsSlower() {
    #expect(SpeedOfSound.metresPerSecond(celsius: -10) < SpeedOfSound.metresPerSecond(celsius: 30))
  }
}
