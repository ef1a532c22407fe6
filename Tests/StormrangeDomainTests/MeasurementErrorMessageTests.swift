import FoundationEssentials
import StormrangeBase
import Testing

@testable import StormrangeDomain

/// One wording for every rule a measurement breaks, in two voices: the history's names the entry,
/// the key and the value the file holds; a person's shows what was given and what to do. A rule's
/// limits read the same in both.
@Suite struct MeasurementErrorMessageTests {
  let now = Date(timeIntervalSince1970: 1_782_921_780)

  /// The history's keys, as the Store names them.
  static let historyKey: @Sendable (MeasurementFields.Key) -> String = { "\($0)" }
  /// An import's columns.
  static let columnKey: @Sendable (MeasurementFields.Key) -> String = { $0 == .delay ? "delay_s" : "\($0)" }

  func inHistory(_ error: MeasurementError, _ values: MeasurementFields = MeasurementFields()) -> String {
    error.message(.history(entry: "entry 3", values: values, now: now, key: Self.historyKey))
  }

  func toPerson(_ error: MeasurementError, in zone: LocalTime = .utc) -> String {
    error.message(.person(key: Self.columnKey, localTime: zone))
  }

  @Test func theHistoryNamesTheEntryTheKeyAndTheValueTheFileHolds() {
    #expect(
      inHistory(.delayTooLong(typed: "400.0"), MeasurementFields(delay: 400))
        == "entry 3: 'delay' is 400, not a delay stormrange accepts (more than 0, at most 300 s)")
    #expect(inHistory(.missing(.date)) == "entry 3 has no 'date'")
    #expect(
      inHistory(.missing(.delay)) == "entry 3 has no 'delay' (nor a 'source', as a detector's reading has)")
  }

  @Test func aPersonIsShownWhatTheyGaveAndWhatToDo() {
    #expect(
      toPerson(.delayTooLong(typed: "400"))
        == "delay 400 s is too long: thunder is rarely heard beyond about 25 km (75 s), and stormrange takes at most 300 s; type the seconds you counted"
    )
    #expect(toPerson(.missing(.delay)) == "no delay_s (nor a source, for a detector's reading)")
  }

  @Test func aRulesLimitsReadTheSameInBothVoices() {
    let celsius = SpeedOfSound.plausibleCelsius
    let temperature =
      "a plausible air temperature (\(Int(celsius.lowerBound)) to \(Int(celsius.upperBound)) °C)"
    #expect(inHistory(.temperatureImplausible(99)).hasSuffix("not " + temperature))
    #expect(toPerson(.temperatureImplausible(99)).hasSuffix("not " + temperature))
    // The speed of sound's whole metres per second inside the plausible range.
    let speed = SpeedOfSound.plausibleMetresPerSecond
    let metres = "(\(Int(speed.lowerBound.rounded(.up))) to \(Int(speed.upperBound)) m/s)"
    #expect(speed.contains(speed.lowerBound.rounded(.up)))
    #expect(inHistory(.speedOfSoundImplausible(30)).hasSuffix(metres))
    #expect(toPerson(.speedOfSoundImplausible(30)).hasSuffix(metres))
    let name = DetectorSource.nameRule
    #expect(inHistory(.sourceInvalid(typed: "a b")) == "entry 3: 'source' is 'a b', not \(name)")
    #expect(
      toPerson(.sourceInvalid(typed: "a b")) == "'a b' is not a detector name; use \(name), e.g. as3935")
  }

  @Test func theDetectorNameRuleFollowsItsLimit() {
    #expect(
      DetectorSource.nameRule == "1 to \(DetectorSource.maximumLength) letters, digits, '-', '_' or '.'")
  }

  @Test func aPersonsClockTimesAreInTheZoneGiven() {
    let error = MeasurementError.thunderAhead(flash: now.addingTimeInterval(50), delay: 300, now: now)
    let zone = LocalTime(offsetFromUTC: 5 * 3600 + 45 * 60)
    let message = toPerson(error, in: zone)
    #expect(message.contains("a flash at \(zone.formatTime(now.addingTimeInterval(50)))"))
    #expect(message.contains("after now (\(zone.formatTime(now)))"))
  }

  @Test func aLongValueIsCutAndControlCharactersEscapedInBothVoices() {
    let long = String(repeating: "x", count: 50) + "\u{1B}"
    #expect(inHistory(.kindInvalid(typed: long)).contains("'\(String(repeating: "x", count: 40))…'"))
    #expect(toPerson(.kindInvalid(typed: "a\u{1B}b")).hasPrefix("'a\\u{1B}b' is not a kind of detector"))
  }
}
