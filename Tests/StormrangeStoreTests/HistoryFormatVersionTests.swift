import FoundationEssentials
import Testing

@testable import StormrangeDomain
@testable import StormrangePropertyList
@testable import StormrangeStore

/// Format 1.1: the `bearing` and `source` keys, detector readings without timing, and byte
/// compatibility with 1.0 for entries that use neither.
@Suite struct HistoryFormatVersionTests {
  let now = Date(timeIntervalSince1970: 1_782_921_780)

  func dictionary(_ values: [String: PropertyListValue]) -> PropertyListValue {
    .dictionary(values.sorted { $0.key < $1.key }.map { PropertyListEntry(key: $0.key, value: $0.value) })
  }

  var timed: [String: PropertyListValue] {
    [
      "date": .date(now), "delay": .real(6), "distance": .real(2058), "temperature": .real(20),
      "speedOfSound": .real(343),
    ]
  }
  var detector: [String: PropertyListValue] {
    ["date": .date(now), "distance": .real(10_000), "source": .string("as3935")]
  }

  func problem(_ values: [String: PropertyListValue]) -> String? {
    do {
      _ = try HistoryFormat.entry(from: dictionary(values), position: 2, now: now)
      return nil
    } catch {
      return error.message
    }
  }

  /// What 1.0 wrote for `add 6 note x` at 2026-07-01T16:03:00Z, byte for byte.
  @Test func anEntryWithoutTheNewKeysIsWrittenAs10WroteIt() throws {
    let entry = try HistoryFormat.encoded(
      HistoryEntry(Measurement(date: now, delay: 6, temperature: 20, note: "x")), position: 1)
    let expected = """
      <dict>
      \t\t<key>date</key>
      \t\t<date>2026-07-01T16:03:00Z</date>
      \t\t<key>delay</key>
      \t\t<real>6.0</real>
      \t\t<key>distance</key>
      \t\t<real>2059.2877360954076</real>
      \t\t<key>temperature</key>
      \t\t<real>20.0</real>
      \t\t<key>speedOfSound</key>
      \t\t<real>343.21462268256795</real>
      \t\t<key>note</key>
      \t\t<string>x</string>
      \t</dict>
      """
    #expect(String(decoding: Array(try #require(entry.encodedXML)), as: UTF8.self) == expected)
  }

  @Test func aDetectorsReadingAndABearingLoad() throws {
    var values = detector
    values["bearing"] = .real(360)
    let entry = try HistoryFormat.entry(from: dictionary(values), position: 1, now: now)
    #expect(entry.measurement.source?.name == "as3935")
    #expect(entry.measurement.delay == nil)
    #expect(entry.measurement.bearing?.degrees == 0)
    #expect(entry.otherKeys.isEmpty)
    var withBearing = timed
    withBearing["bearing"] = .integer(90)
    #expect(
      try HistoryFormat.entry(from: dictionary(withBearing), position: 1, now: now).measurement.bearing?
        .degrees == 90)
  }

  @Test(arguments: [
    (["bearing": PropertyListValue.real(361)], "entry 2: 'bearing' is 361, not a bearing (0 to 360 degrees)"),
    (["bearing": .real(-1)], "entry 2: 'bearing' is -1, not a bearing (0 to 360 degrees)"),
    (["bearing": .string("NE")], "entry 2: 'bearing' is a string, not a real"),
    (
      ["source": .string("two words")],
      "entry 2: 'source' is 'two words', not 1 to 32 letters, digits, '-', '_' or '.'"
    ),
    (["source": .string("")], "entry 2: 'source' is '', not 1 to 32 letters, digits, '-', '_' or '.'"),
    (["source": .integer(3)], "entry 2: 'source' is an integer, not a string"),
    (
      ["distance": .real(11_000)],
      "entry 2: 'distance' is 11000, not one of the AS3935's steps (1, 5, 6, 8, 10, 12, 14, 17, 20, 24, 27, 31, 34, 37, 40 km)"
    ),
    (
      ["distance": .real(0)],
      "entry 2: 'distance' is 0, not a distance stormrange accepts (more than 0, at most 111959 m)"
    ),
    (["delay": .real(6)], "entry 2 has both 'source' and 'delay': a detector's reading has no timing"),
    (
      ["temperature": .real(20)],
      "entry 2 has both 'source' and 'temperature': a detector's reading has no timing"
    ),
  ])
  func aDetectorsReadingBreakingARuleMakesTheFileUnreadable(
    change: [String: PropertyListValue], message: String
  ) {
    var values = detector
    values.merge(change) { $1 }
    #expect(problem(values) == message)
  }

  @Test func noDelayWithoutASourceIsUnreadable() {
    var values = timed
    values["delay"] = nil
    #expect(problem(values) == "entry 2 has no 'delay' (nor a 'source', as a detector's reading has)")
    var noDistance = detector
    noDistance["distance"] = nil
    #expect(problem(noDistance) == "entry 2 has no 'distance'")
  }

  @Test func theNewKeysRoundTripThroughTheFile() throws {
    let source = try #require(DetectorSource("porch.1"))
    let entries = [
      HistoryEntry(
        Measurement(date: now, delay: 6, temperature: 20, bearing: Bearing(degrees: 22.5), note: "a")),
      HistoryEntry(
        Measurement(date: now, distance: 12_345.5, origin: .detector(source: source), bearing: nil, note: nil)
      ),
      HistoryEntry(
        Measurement(
          date: now, distance: 8000, origin: .detector(source: source), bearing: Bearing(degrees: 359.5),
          note: "b"),
        otherKeys: [PropertyListEntry(key: "location", value: .string("porch"))]),
    ]
    let encoded = try entries.enumerated().map { try HistoryFormat.encoded($1, position: $0 + 1) }
    let decoded = try HistoryFormat.decode(HistoryFormat.encodeFile(encoded), now: now)
    #expect(decoded == entries)
  }

  /// Format 1.2: a detector's reading says its kind; one without it is of the kind its source implies.
  @Test func theDetectorKindIsWrittenAndReadAndImpliedWhenMissing() throws {
    let porch = try #require(DetectorSource("porch", kind: .as3935))
    let entry = try HistoryFormat.encoded(
      HistoryEntry(
        Measurement(date: now, distance: 14_000, origin: .detector(source: porch), bearing: nil, note: nil)),
      position: 1)
    let text = String(decoding: Array(try #require(entry.encodedXML)), as: UTF8.self)
    #expect(
      text.contains(
        "<key>source</key>\n\t\t<string>porch</string>\n\t\t<key>detector</key>\n\t\t<string>as3935</string>")
    )
    #expect(
      try HistoryFormat.decode(HistoryFormat.encodeFile([entry]), now: now)[0].measurement.source == porch)
    let implied = try HistoryFormat.entry(from: dictionary(detector), position: 1, now: now)
    #expect(implied.measurement.source?.kind == .as3935)
    var generic = detector
    generic["source"] = .string("porch")
    generic["distance"] = .real(11_000)
    #expect(
      try HistoryFormat.entry(from: dictionary(generic), position: 1, now: now).measurement.source?.kind
        == .generic)
    var contradiction = detector
    contradiction["detector"] = .string("generic")
    #expect(
      problem(contradiction)
        == "entry 2: 'detector' is 'generic', but 'source' is 'as3935', which is an AS3935")
    var timed = timed
    timed["detector"] = .string("as3935")
    #expect(problem(timed) == "entry 2 has 'detector' but no 'source': only a detector's reading has a kind")
  }
}
