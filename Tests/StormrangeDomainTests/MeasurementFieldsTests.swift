import FoundationEssentials
import Testing

@testable import StormrangeDomain

@Suite struct MeasurementFieldsTests {
  let now = Date(timeIntervalSince1970: 1_782_921_780)

  var timed: MeasurementFields {
    MeasurementFields(date: now, delay: 6, distance: 2058, temperature: 20, speedOfSound: 343)
  }
  var detector: MeasurementFields { MeasurementFields(date: now, distance: 10_000, source: "as3935") }

  func problem(_ fields: MeasurementFields, under rules: MeasurementRules = .stored) -> MeasurementError? {
    do {
      _ = try fields.measurement(under: rules, now: now)
      return nil
    } catch {
      return error
    }
  }

  @Test func aTimedMeasurementAndADetectorsReadingAreMadeAsStored() throws {
    var fields = timed
    fields.bearing = 360
    fields.note = "x"
    let measurement = try fields.measurement(under: .stored, now: now)
    #expect(
      measurement
        == Measurement(
          date: now, distance: 2058,
          origin: .timed(ThunderTiming(delay: 6, temperature: 20, speedOfSound: 343)),
          bearing: Bearing(degrees: 0), note: "x"))
    let reading = try detector.measurement(under: .stored, now: now)
    #expect(reading.source?.name == "as3935" && reading.timing == nil && reading.distance == 10_000)
  }

  @Test func whatIsMissingOrOutOfPlaceIsNamed() {
    var fields = timed
    fields.date = nil
    #expect(problem(fields) == .missing(.date))
    for key in [MeasurementFields.Key.delay, .temperature, .speedOfSound, .distance] {
      var fields = timed
      switch key {
      case .delay: fields.delay = nil
      case .temperature: fields.temperature = nil
      case .speedOfSound: fields.speedOfSound = nil
      default: fields.distance = nil
      }
      #expect(problem(fields) == .missing(key))
    }
    var reading = detector
    reading.temperature = 20
    #expect(problem(reading) == .timingBesideSource(.temperature))
    reading.source = "two words"
    #expect(problem(reading) == .sourceInvalid(typed: "two words"))
    var noDistance = detector
    noDistance.distance = nil
    #expect(problem(noDistance) == .missing(.distance))
    var bearing = timed
    bearing.bearing = 361
    #expect(problem(bearing) == .bearingOutOfRange(361))
  }

  @Test func theValuesAreHeldToTheRuleSetGiven() {
    var fields = timed
    fields.date = now.addingTimeInterval(3600)
    #expect(problem(fields, under: .stored) == nil)
    #expect(problem(fields, under: .imported) == .dateAhead(now.addingTimeInterval(3600), typed: nil))
    var note = timed
    note.note = "two\nlines"
    #expect(problem(note, under: .stored) == nil)
    #expect(problem(note, under: .typed) == .noteControlCharacter("\n"))
    var reading = detector
    reading.distance = 11_000
    #expect(problem(reading) == .notAnAS3935Step(typed: "11000.0 m"))
  }
}
