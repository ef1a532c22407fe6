import FoundationEssentials
import Testing

@testable import StormrangeDomain

@Suite struct MeasurementRulesTests {
  let now = Date(timeIntervalSince1970: 1_782_921_780)

  @Test func delayBounds() throws {
    let rules = MeasurementRules.stored
    #expect(throws: MeasurementError.delayNotPositive(typed: "0")) { try rules.checkDelay(0, as: "0") }
    #expect(throws: MeasurementError.delayNotPositive(typed: "-0")) { try rules.checkDelay(-0.0, as: "-0") }
    #expect(throws: MeasurementError.delayNotPositive(typed: "-1")) { try rules.checkDelay(-1, as: "-1") }
    #expect(throws: MeasurementError.delayTooLong(typed: "300.01")) {
      try rules.checkDelay(300.01, as: "300.01")
    }
    #expect(throws: MeasurementError.delayNotPositive(typed: "nan")) { try rules.checkDelay(.nan, as: "nan") }
    #expect(throws: MeasurementError.delayNotPositive(typed: "inf")) {
      try rules.checkDelay(.infinity, as: "inf")
    }
    #expect(
      try rules.checkDelay(300, as: "300")
        == "a delay of 300.0 s is unusual: thunder is rarely heard beyond about 25 km (75 s)")
    #expect(try rules.checkDelay(75, as: "75") == nil)
    #expect(try rules.checkDelay(0.01, as: "0.01") == nil)
    #expect(try rules.checkDelay(75.5, as: "75.5")?.contains("rarely heard") == true)
  }

  @Test(arguments: [MeasurementRules.typed, .stopwatch])
  func typedAndTimedDelaysAreAtLeastATenthOfASecond(_ rules: MeasurementRules) throws {
    #expect(throws: MeasurementError.delayTooShort(typed: "1e-300")) {
      try rules.checkDelay(1e-300, as: "1e-300")
    }
    #expect(throws: MeasurementError.delayTooShort(typed: "0.099")) {
      try rules.checkDelay(0.099, as: "0.099")
    }
    // The other bounds come first, as for any delay.
    #expect(throws: MeasurementError.delayNotPositive(typed: "-1")) { try rules.checkDelay(-1, as: "-1") }
    _ = try rules.checkDelay(0.1, as: "0.1")
    _ = try rules.checkDelay(300, as: "300")
  }

  @Test func importAndLoadingTakeDelaysUnderATenthOfASecond() {
    // So that every export imports back.
    for rules in [MeasurementRules.imported, .stored] {
      #expect(throws: Never.self) { try rules.checkDelay(1e-300, as: "1e-300") }
    }
  }

  @Test func typedNotesMustBeOnePrintableLine() {
    let typed = MeasurementRules.typed
    #expect(throws: MeasurementError.noteControlCharacter("\u{7}")) { try typed.checkNote("bell\u{7}") }
    #expect(throws: MeasurementError.noteControlCharacter("\t")) { try typed.checkNote("tab\there") }
    #expect(throws: MeasurementError.noteControlCharacter("\u{1B}")) { try typed.checkNote("esc\u{1B}[31m") }
    #expect(throws: MeasurementError.noteControlCharacter("\u{85}")) { try typed.checkNote("c1\u{85}") }
    #expect(throws: MeasurementError.noteNonCharacter("\u{FFFE}")) { try typed.checkNote("x\u{FFFE}") }
    #expect(throws: MeasurementError.noteTooLong(length: 1001)) {
      try typed.checkNote(String(repeating: "x", count: 1001))
    }
    #expect(throws: Never.self) { try typed.checkNote(String(repeating: "x", count: 1000)) }
    #expect(throws: Never.self) { try typed.checkNote("über den See ⛈ & <more>") }
  }

  @Test func storedNotesMayHoldAnythingTheFileCanHold() {
    for rules in [MeasurementRules.imported, .stored] {
      #expect(throws: Never.self) {
        try rules.checkNote("one\ttwo\nthree\r\n\u{7F}\u{85}" + String(repeating: "x", count: 5000))
      }
      for bad in ["\u{0}", "\u{7}", "\u{1B}", "\u{1F}", "\u{FFFE}", "\u{FFFF}"] {
        #expect(throws: MeasurementError.noteUnstorable(bad.unicodeScalars.first!)) {
          try rules.checkNote("a\(bad)b")
        }
      }
    }
  }

  @Test func datesLieInFourDigitYearsAndAtMostTheRuleSetsLeadAhead() throws {
    for (rules, lead) in [(MeasurementRules.typed, 60.0), (.imported, 60), (.stored, 86400)] {
      try rules.checkDate(now.addingTimeInterval(lead), now: now)
      #expect(throws: MeasurementError.dateAhead(now.addingTimeInterval(lead + 1), typed: nil)) {
        try rules.checkDate(now.addingTimeInterval(lead + 1), now: now)
      }
    }
    // The stopwatch's date is the clock's own.
    try MeasurementRules.stopwatch.checkDate(now.addingTimeInterval(1e6), now: now)
    let earliest = Date(timeIntervalSince1970: -62_135_596_800)
    try MeasurementRules.stored.checkDate(earliest, now: now)
    let earlier = earliest.addingTimeInterval(-1)
    #expect(throws: MeasurementError.dateOutOfRange(earlier, typed: "0000-12-31T23:59:59Z")) {
      try MeasurementRules.typed.checkDate(earlier, now: now, typed: "0000-12-31T23:59:59Z")
    }
    // Out of range comes first: 1e300 s is also ahead of the clock.
    let far = Date(timeIntervalSince1970: 1e300)
    #expect(throws: MeasurementError.dateOutOfRange(far, typed: nil)) {
      try MeasurementRules.stored.checkDate(far, now: now)
    }
  }

  @Test func onlyImportComparesTheDistanceWithDelayTimesSpeed() throws {
    let timing = ThunderTiming(delay: 6, temperature: 20, speedOfSound: 343)
    // 1 m, or 0.5 % when that is more: a spreadsheet may round.
    try MeasurementRules.imported.checkDistance(2058 + 1, of: timing)
    try MeasurementRules.imported.checkDistance(2058 * 1.005, of: timing)
    #expect(throws: MeasurementError.distanceMismatch(2070, expected: 2058)) {
      try MeasurementRules.imported.checkDistance(2070, of: timing)
    }
    try MeasurementRules.stored.checkDistance(5000, of: timing)
    for distance in [0, -1, MeasurementRules.maximumDistance.nextUp] {
      #expect(throws: MeasurementError.timedDistanceOutOfRange(distance)) {
        try MeasurementRules.stored.checkDistance(distance, of: timing)
      }
    }
    #expect(throws: MeasurementError.self) { try MeasurementRules.stored.checkDistance(.nan, of: timing) }
  }

  @Test func theFarthestDistanceIsTheLongestDelayAtTheFastestPlausibleSpeed() throws {
    #expect(MeasurementRules.maximumDistance == 300 * SpeedOfSound.plausibleMetresPerSecond.upperBound)
    let timing = ThunderTiming(delay: 300, temperature: 60)
    try MeasurementRules.stored.checkDistance(MeasurementRules.maximumDistance, of: timing)
  }

  @Test func temperaturesAndSpeedsArePlausibleForAir() throws {
    let rules = MeasurementRules.stored
    try rules.checkTemperature(-60)
    try rules.checkTemperature(60)
    #expect(throws: MeasurementError.temperatureImplausible(-61)) { try rules.checkTemperature(-61) }
    try rules.checkSpeedOfSound(343)
    #expect(throws: MeasurementError.speedOfSoundImplausible(30)) { try rules.checkSpeedOfSound(30) }
  }

  @Test func aWholeMeasurementIsCheckedTimingFirstThenDistanceDateAndNote() {
    let bad = Measurement(
      date: now.addingTimeInterval(1e6), distance: -1,
      origin: .timed(ThunderTiming(delay: -5, temperature: 20, speedOfSound: 343)), bearing: nil,
      note: "\u{7}")
    #expect(throws: MeasurementError.delayNotPositive(typed: "-5.0")) {
      try MeasurementRules.stored.check(bad, now: now)
    }
    let timing = ThunderTiming(delay: 6, temperature: 20, speedOfSound: 343)
    let late = Measurement(
      date: now.addingTimeInterval(1e6), distance: 2058, origin: .timed(timing), bearing: nil, note: "\u{7}")
    #expect(throws: MeasurementError.dateAhead(late.date, typed: nil)) {
      try MeasurementRules.stored.check(late, now: now)
    }
    let ringing = Measurement(date: now, distance: 2058, origin: .timed(timing), bearing: nil, note: "\u{7}")
    #expect(throws: MeasurementError.noteUnstorable("\u{7}")) {
      try MeasurementRules.stored.check(ringing, now: now)
    }
  }

  /// How far thunder carries is said once: the warning's delay and the messages come from it.
  @Test func theWarningDelayIsTheDelayOfThunderFromWhereItIsRarelyHeard() throws {
    #expect(MeasurementRules.thunderRarelyHeardBeyond == 25_000)
    #expect(MeasurementRules.warningDelay == 75)
    #expect(MeasurementRules.thunderRangeText == "thunder is rarely heard beyond about 25 km (75 s)")
    #expect(MeasurementRules.maximumDelay * SpeedOfSound.metresPerSecond(celsius: 20) > 2 * 50_000)
  }

  @Test func theDetectorsDistanceRules() throws {
    let as3935 = try #require(DetectorSource("as3935"))
    #expect(throws: MeasurementError.distanceNotPositive(typed: "0 km")) {
      try MeasurementRules.typed.checkDetectorDistance(0, source: nil, typed: "0 km")
    }
    #expect(
      throws: MeasurementError.distanceTooFar(
        typed: "113 km", limit: MeasurementRules.maximumDistance, unit: .metres)
    ) {
      try MeasurementRules.typed.checkDetectorDistance(113_000, source: nil, typed: "113 km")
    }
    // A finite number in a unit that overflows is too far, not "not more than 0".
    #expect(throws: MeasurementError.distanceTooFar(typed: "1e306 km", limit: 111.95, unit: .kilometres)) {
      try MeasurementRules.typed.checkDetectorReading(
        1e306, in: .kilometres, atMost: 111.95, source: nil, typed: "1e306 km")
    }
    #expect(
      throws: MeasurementError.distanceTooFar(
        typed: "inf m", limit: MeasurementRules.maximumDistance, unit: .metres)
    ) {
      try MeasurementRules.stored.checkDetectorDistance(.infinity, source: nil, typed: "inf m")
    }
    #expect(throws: MeasurementError.notAnAS3935Step(typed: "11 km")) {
      try MeasurementRules.typed.checkDetectorDistance(11_000, source: as3935, typed: "11 km")
    }
    try MeasurementRules.typed.checkDetectorDistance(11_000, source: DetectorSource("other"), typed: "11 km")
    try MeasurementRules.typed.checkDetectorDistance(40_000, source: as3935, typed: "40 km")
  }
}
