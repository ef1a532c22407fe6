import FoundationEssentials
import Testing

@testable import StormrangeDomain
@testable import StormrangePropertyList
@testable import StormrangeStore

/// Format 1.3: a located group is a detector's reading of the kind `located` with its mean position,
/// nearest strike, count and spread; nothing else has those keys.
@Suite struct HistoryFormatLocatedTests {
  let now = Date(timeIntervalSince1970: 1_782_921_780)

  var located: [String: PropertyListValue] {
    [
      "date": .date(now), "distance": .real(0), "source": .string("blitzortung"), "detector": .string("located"),
      "latitude": .real(52.52), "longitude": .real(13.405), "nearest": .real(0), "strikes": .integer(3),
      "spread": .real(850.5), "bearing": .real(10),
    ]
  }

  /// The helpers of 1.1's and 1.2's tests, with the same clock.
  let version = HistoryFormatVersionTests()
  func dictionary(_ values: [String: PropertyListValue]) -> PropertyListValue { version.dictionary(values) }
  func problem(_ values: [String: PropertyListValue]) -> String? { version.problem(values) }

  @Test func aGroupAtTheObserversOwnPositionLoadsWithRangeZero() throws {
    let measurement = try HistoryFormat.entry(from: dictionary(located), position: 1, now: now).measurement
    let fix = try #require(measurement.fix)
    #expect(measurement.distance == 0)
    #expect(fix.source.name == "blitzortung" && fix.source.kind == .located)
    #expect(fix.position == GeoPosition(latitude: 52.52, longitude: 13.405))
    #expect(fix.nearest == 0 && fix.strikes == 3 && fix.spread == 850.5)
    #expect(measurement.source == fix.source)
  }

  @Test func aGroupRoundTripsThroughTheFileWithTheStrikesAsAnInteger() throws {
    let network = try #require(DetectorSource("blitzortung", kind: .located))
    let fix = LocatedFix(
      source: network, position: try #require(GeoPosition(latitude: -33.9, longitude: 179.99)), nearest: 4_321.5,
      strikes: 12, spread: 1_234.25)
    let entry = HistoryEntry(
      Measurement(date: now, distance: 5_000.5, origin: .located(fix), bearing: Bearing(degrees: 271), note: nil))
    let encoded = try HistoryFormat.encoded(entry, position: 1)
    let text = String(decoding: Array(try #require(encoded.encodedXML)), as: UTF8.self)
    #expect(text.contains("<key>strikes</key>\n\t\t<integer>12</integer>"))
    #expect(text.contains("<key>detector</key>\n\t\t<string>located</string>"))
    #expect(try HistoryFormat.decode(HistoryFormat.encodeFile([encoded]), now: now) == [entry])
  }

  @Test(arguments: [
    (["latitude": PropertyListValue.real(90.5)], "entry 2: 'latitude' is 90.5, not a latitude (-90 to 90 degrees)"),
    (["longitude": .real(-181)], "entry 2: 'longitude' is -181, not a longitude (-180 to 180 degrees)"),
    (["strikes": .integer(0)], "entry 2: 'strikes' is 0, not a count of strikes (a whole number, 1 to 1000000)"),
    (["strikes": .real(2.5)], "entry 2: 'strikes' is 2.5, not a count of strikes (a whole number, 1 to 1000000)"),
    (["spread": .real(-1)], "entry 2: 'spread' is -1, not a located group's distance (0 to 111959 m)"),
    (["nearest": .real(200_000)], "entry 2: 'nearest' is 200000, not a located group's distance (0 to 111959 m)"),
    (["distance": .real(-0.5)], "entry 2: 'distance' is -0.5, not a located group's distance (0 to 111959 m)"),
    (["latitude": .string("52")], "entry 2: 'latitude' is a string, not a real"),
    (["spread": nil], "entry 2 has no 'spread'"),
    (["source": nil], "entry 2 has 'detector' but no 'source': only a detector's reading has a kind"),
    (["delay": .real(6)], "entry 2 has both 'source' and 'delay': a detector's reading has no timing"),
  ])
  func aGroupBreakingARuleMakesTheFileUnreadable(change: [String: PropertyListValue?], message: String) {
    var values = located
    for (key, value) in change { values[key] = value }
    #expect(problem(values) == message)
  }

  @Test func aPositionOnAnotherKindIsRefused() {
    let reading: [String: PropertyListValue] = [
      "date": .date(now), "distance": .real(10_000), "source": .string("porch"), "detector": .string("generic"),
      "latitude": .real(52),
    ]
    #expect(
      problem(reading)
        == "entry 2 has 'latitude', but 'detector' is not 'located': only a located group has a position, "
        + "a nearest strike, a count and a spread")
  }

  /// `as3935` names a chip, as guarantee 16 says, so a network's group may not take it as its source
  /// (found by an adversarial probe of 1.3, which saw it load and be shown as a chip's).
  @Test func aGroupMayNotTakeTheChipsSourceName() throws {
    var values = located
    values["source"] = .string("as3935")
    let message = try #require(problem(values))
    #expect(message.contains("'as3935'") && message.contains("located"))
  }
}
