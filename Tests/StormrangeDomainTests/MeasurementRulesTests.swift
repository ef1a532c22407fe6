import Testing

@testable import StormrangeDomain

@Suite struct MeasurementRulesTests {
  @Test func delayBounds() throws {
    #expect(throws: MeasurementError.delayNotPositive(typed: "0")) {
      try MeasurementRules.checkDelay(0, as: "0")
    }
    #expect(throws: MeasurementError.delayNotPositive(typed: "-0")) {
      try MeasurementRules.checkDelay(-0.0, as: "-0")
    }
    #expect(throws: MeasurementError.delayNotPositive(typed: "-1")) {
      try MeasurementRules.checkDelay(-1, as: "-1")
    }
    #expect(throws: MeasurementError.delayTooLong(typed: "300.01")) {
      try MeasurementRules.checkDelay(300.01, as: "300.01")
    }
    #expect(throws: MeasurementError.delayNotPositive(typed: "nan")) {
      try MeasurementRules.checkDelay(.nan, as: "nan")
    }
    #expect(throws: MeasurementError.delayNotPositive(typed: "inf")) {
      try MeasurementRules.checkDelay(.infinity, as: "inf")
    }
    #expect(
      try MeasurementRules.checkDelay(300, as: "300")
        == "a delay of 300.0 s is unusual: thunder is rarely heard beyond ~25 km")
    #expect(try MeasurementRules.checkDelay(75, as: "75") == nil)
    #expect(try MeasurementRules.checkDelay(0.01, as: "0.01") == nil)
    #expect(try MeasurementRules.checkDelay(75.5, as: "75.5")?.contains("rarely heard") == true)
  }

  @Test func typedDelaysAreAtLeastATenthOfASecond() throws {
    #expect(throws: MeasurementError.delayTooShort(typed: "1e-300")) {
      try MeasurementRules.checkTypedDelay(1e-300, as: "1e-300")
    }
    #expect(throws: MeasurementError.delayTooShort(typed: "0.099")) {
      try MeasurementRules.checkTypedDelay(0.099, as: "0.099")
    }
    // The other bounds come first, as for any delay.
    #expect(throws: MeasurementError.delayNotPositive(typed: "-1")) {
      try MeasurementRules.checkTypedDelay(-1, as: "-1")
    }
    try MeasurementRules.checkTypedDelay(0.1, as: "0.1")
    try MeasurementRules.checkTypedDelay(300, as: "300")
    // Loading and import keep accepting less, so that every export imports back.
    #expect(MeasurementRules.isAcceptedDelay(1e-300))
  }

  @Test func notesMustBePrintable() {
    #expect(throws: MeasurementError.noteControlCharacter("\u{7}")) {
      try MeasurementRules.checkNote("bell\u{7}")
    }
    #expect(throws: MeasurementError.noteControlCharacter("\t")) {
      try MeasurementRules.checkNote("tab\there")
    }
    #expect(throws: MeasurementError.noteControlCharacter("\u{1B}")) {
      try MeasurementRules.checkNote("esc\u{1B}[31m")
    }
    #expect(throws: MeasurementError.noteControlCharacter("\u{85}")) {
      try MeasurementRules.checkNote("c1\u{85}")
    }
    #expect(throws: MeasurementError.noteNonCharacter("\u{FFFE}")) {
      try MeasurementRules.checkNote("x\u{FFFE}")
    }
    #expect(throws: MeasurementError.noteTooLong(length: 1001)) {
      try MeasurementRules.checkNote(String(repeating: "x", count: 1001))
    }
    #expect(throws: Never.self) { try MeasurementRules.checkNote(String(repeating: "x", count: 1000)) }
    #expect(throws: Never.self) { try MeasurementRules.checkNote("über den See ⛈ & <more>") }
  }
}

@Suite struct StoredValueRulesTests {
  @Test func acceptedDelaysAreThoseAddAccepts() {
    for delay in [-1, 0, 300.0001, .infinity, .nan] { #expect(!MeasurementRules.isAcceptedDelay(delay)) }
    for delay in [0.001, 6, 300] { #expect(MeasurementRules.isAcceptedDelay(delay)) }
  }

  @Test func theFarthestDistanceIsTheLongestDelayAtTheFastestPlausibleSpeed() {
    #expect(MeasurementRules.maximumDistance == 300 * SpeedOfSound.plausibleMetresPerSecond.upperBound)
    #expect(MeasurementRules.isAcceptedDistance(MeasurementRules.maximumDistance))
    for distance in [0, -1, MeasurementRules.maximumDistance.nextUp, .nan] {
      #expect(!MeasurementRules.isAcceptedDistance(distance))
    }
  }

  @Test func plausibleSpeedsIncludeAFixed343AndNotTheSpeedOfAWalk() {
    #expect(SpeedOfSound.plausibleMetresPerSecond.contains(343))
    #expect(!SpeedOfSound.plausibleMetresPerSecond.contains(30))
  }

  @Test func theDetectorsDistanceRules() throws {
    let as3935 = try #require(DetectorSource("as3935"))
    #expect(throws: MeasurementError.distanceNotPositive(typed: "0 km")) {
      try MeasurementRules.checkDetectorDistance(0, source: nil, typed: "0 km")
    }
    #expect(throws: MeasurementError.distanceTooFar(typed: "113 km")) {
      try MeasurementRules.checkDetectorDistance(113_000, source: nil, typed: "113 km")
    }
    #expect(throws: MeasurementError.notAnAS3935Step(typed: "11 km")) {
      try MeasurementRules.checkDetectorDistance(11_000, source: as3935, typed: "11 km")
    }
    try MeasurementRules.checkDetectorDistance(11_000, source: DetectorSource("other"), typed: "11 km")
    try MeasurementRules.checkDetectorDistance(40_000, source: as3935, typed: "40 km")
  }
}
