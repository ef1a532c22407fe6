import FoundationEssentials
import Testing

@testable import StormrangeDomain
@testable import StormrangePropertyList
@testable import StormrangeStore

/// The entry rules loading applies beyond the types: values `add` and `set` accept, a date at most a
/// day ahead of the clock, a note the file can hold.
@Suite struct HistoryFormatTests {
  let now = Date(timeIntervalSince1970: 1_782_921_780)

  /// A stored entry as another tool may write it: 6 s at 20 °C and 343 m/s, with `changes` applied.
  func dictionary(_ changes: [String: PropertyListValue] = [:]) -> PropertyListValue {
    var values: [String: PropertyListValue] = [
      "date": .date(now), "delay": .real(6), "distance": .real(2058), "temperature": .real(20),
      "speedOfSound": .real(343),
    ]
    values.merge(changes) { $1 }
    return .dictionary(
      values.sorted { $0.key < $1.key }.map { PropertyListEntry(key: $0.key, value: $0.value) })
  }

  func problem(_ changes: [String: PropertyListValue]) -> String? {
    do {
      _ = try HistoryFormat.entry(from: dictionary(changes), position: 3, now: now)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func anEntryAnotherToolWroteWith343MetresPerSecondLoads() throws {
    // The distance is delay × 343, not delay × c(20 °C) = 343.2: no cross-check.
    let entry = try HistoryFormat.entry(from: dictionary(), position: 1, now: now)
    #expect(entry.measurement.timing!.speedOfSound == 343)
    #expect(problem(["distance": .real(5000)]) == nil)
  }

  @Test(arguments: [
    (
      "delay", PropertyListValue.real(-5),
      "entry 3: 'delay' is -5, not a delay stormrange accepts (more than 0, at most 300 s)"
    ),
    ("delay", .real(0), "entry 3: 'delay' is 0, not a delay"),
    ("delay", .real(1e300), "entry 3: 'delay' is 1e+300, not a delay"),
    ("delay", .real(300.001), "entry 3: 'delay' is 300.001, not a delay"),
    (
      "temperature", .real(500),
      "entry 3: 'temperature' is 500, not a plausible air temperature (-60 to 60 °C)"
    ),
    ("temperature", .integer(-61), "entry 3: 'temperature' is -61, not a plausible air temperature"),
    (
      "speedOfSound", .real(30),
      "entry 3: 'speedOfSound' is 30, not a plausible speed of sound in air (287 to 373 m/s)"
    ),
    (
      "distance", .real(-1720),
      "entry 3: 'distance' is -1720, not a distance stormrange accepts (more than 0, at most 111959 m)"
    ),
    ("distance", .real(0), "entry 3: 'distance' is 0, not a distance"),
    ("distance", .real(200_000), "entry 3: 'distance' is 200000, not a distance"),
    ("note", .string("\u{1B}[2J"), "entry 3: 'note' contains U+001B, which the history file cannot hold"),
    ("note", .string("bell\u{7}"), "entry 3: 'note' contains U+0007, which the history file cannot hold"),
    ("note", .string("\u{FFFE}"), "entry 3: 'note' contains U+FFFE, which the history file cannot hold"),
  ])
  func valuesAddAndSetRefuseMakeTheEntryUnreadable(key: String, value: PropertyListValue, expected: String)
    throws
  {
    let message = try #require(problem([key: value]))
    #expect(message.hasPrefix(expected), "\(message)")
  }

  @Test func notFiniteNumbersAreRefused() {
    #expect(problem(["delay": .real(.infinity)]) == "entry 3: 'delay' is inf, not a finite number")
    #expect(problem(["speedOfSound": .real(.nan)]) == "entry 3: 'speedOfSound' is nan, not a finite number")
  }

  @Test func theBoundsThemselvesAreAccepted() {
    #expect(problem(["delay": .real(300), "distance": .real(300 * 343)]) == nil)
    #expect(problem(["delay": .real(0.001)]) == nil)
    #expect(problem(["temperature": .real(-60)]) == nil)
    #expect(problem(["temperature": .real(60)]) == nil)
    #expect(problem(["distance": .real(MeasurementRules.maximumDistance)]) == nil)
  }

  @Test func aDateMoreThanADayAheadOfTheClockIsRefused() throws {
    #expect(problem(["date": .date(now.addingTimeInterval(86400))]) == nil)
    let message = try #require(problem(["date": .date(now.addingTimeInterval(86401))]))
    #expect(
      message
        == "entry 3: 'date' is 2026-07-02T16:03:01Z, more than a day ahead of the clock (2026-07-01T16:03:00Z)"
    )
    #expect(
      problem(["date": .date(Date(timeIntervalSince1970: 253_402_214_400))])?.contains("9999-12-31") == true)
    #expect(
      problem(["date": .date(Date(timeIntervalSince1970: -1e15))])
        == "entry 3: 'date' is outside the years 0001 to 9999")
  }

  @Test func notesKeepTabsLineBreaksAndOtherControls() {
    #expect(problem(["note": .string("one\ttwo\nthree\r\n\u{7F}\u{85}")]) == nil)
  }

  @Test func decodeAppliesTheRulesAndNamesTheEntry() throws {
    let file = try XMLPropertyListWriter.document(.array([dictionary(), dictionary(["delay": .real(-5)])]))
    #expect(
      throws: PropertyListError(
        "entry 2: 'delay' is -5, not a delay stormrange accepts (more than 0, at most 300 s)")
    ) {
      try HistoryFormat.decode(file, now: now)
    }
    let good = try XMLPropertyListWriter.document(.array([dictionary(), dictionary()]))
    #expect(try HistoryFormat.decode(good, now: now).count == 2)
  }

  @Test func anEntryTheXMLFileCannotHoldIsNotEncoded() {
    let entry = HistoryEntry(
      Measurement(date: now, delay: 6, temperature: 20),
      otherKeys: [PropertyListEntry(key: "location", value: .string("\u{1B}"))])
    #expect(throws: PropertyListError.self) { try HistoryFormat.encoded(entry, position: 4) }
    do {
      _ = try HistoryFormat.encoded(entry, position: 4)
    } catch {
      #expect(error.message.hasPrefix("entry 4 cannot be stored in the history file: "))
    }
  }
}
