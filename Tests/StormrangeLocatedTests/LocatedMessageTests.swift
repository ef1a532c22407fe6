import FoundationEssentials
import Testing

@testable import StormrangeDomain
@testable import StormrangeLocated

@Suite struct LocatedMessageTests {
  /// 2026-11-27T10:00:00Z.
  let arrival = Date(timeIntervalSince1970: 1_795_773_600)

  private func read(_ text: String, _ format: LocatedFormat) throws(LocatedProblem) -> LocatedStrike {
    try LocatedMessage.read(Array(text.utf8), format: format, arrival: arrival)
  }

  private func problem(_ text: String, _ format: LocatedFormat = .blitzortung) -> LocatedProblem? {
    do {
      _ = try read(text, format)
      return nil
    } catch {
      return error
    }
  }

  /// As homeassistant-blitzortung's ws_client publishes it: lat, lon, status, region and time in
  /// nanoseconds, compact.
  @Test func blitzortungsMessageIsReadAndItsOtherKeysIgnored() throws {
    let strike = try read(
      #"{"lat":51.6123,"lon":-0.0456,"status":0,"region":1,"time":1795773595123456789,"alt":0}"#, .blitzortung
    )
    #expect(strike.position == GeoPosition(latitude: 51.6123, longitude: -0.0456))
    #expect(abs(strike.date.timeIntervalSince1970 - 1_795_773_595.123456789) < 1e-6)
  }

  @Test func theLocatedFormTakesISO8601OrEpochSeconds() throws {
    let iso = try read(#"{"time":"2026-11-27T09:59:30Z","lat":-17.5,"lon":-179.7}"#, .located)
    #expect(iso.date == arrival.addingTimeInterval(-30))
    let seconds = try read(#"{"time":1795773590.5,"lat":0,"lon":180}"#, .located)
    #expect(seconds.date == arrival.addingTimeInterval(-9.5))
    #expect(seconds.position.longitude == 180)
  }

  @Test(arguments: [
    ("not json", LocatedProblem.Kind.notJSON), (#"{"lat":NaN,"lon":0,"time":1}"#, .notJSON),
    ("[1,2]", .notJSON),
    (#"{"lon":0,"time":1795773595000000000}"#, .missing),
    (#"{"lat":null,"lon":0,"time":1795773595000000000}"#, .missing),
    (#"{"lat":"51.5","lon":0,"time":1795773595000000000}"#, .notANumber),
    (#"{"lat":51.5,"lon":0,"time":"1795773595000000000"}"#, .notANumber),
    (#"{"lat":90.5,"lon":0,"time":1795773595000000000}"#, .latitudeOutOfRange),
    (#"{"lat":0,"lon":-181,"time":1795773595000000000}"#, .longitudeOutOfRange),
    (#"{"lat":0,"lon":0,"time":1795773700000000000}"#, .ahead),
    (#"{"lat":0,"lon":0,"time":1795590000000000000}"#, .behind),
  ])
  func badBlitzortungMessagesAreRefusedByKind(text: String, kind: LocatedProblem.Kind) {
    let problem = problem(text)
    #expect(problem?.kind == kind)
    #expect(problem.map { !$0.message.contains("\n") } == true)
  }

  /// Which of two values was meant cannot be known, and readers differ (the last, the first), so a
  /// key given twice is refused whichever it is, even one that is not read.
  @Test(arguments: [
    #"{"lat":51.5,"lat":50,"lon":0,"time":1795773595000000000}"#,
    #"{"lat":51.5,"lon":0,"time":1795773595000000000,"time":1795773596000000000}"#,
    #"{"lat":51.5,"lon":0,"time":1795773595000000000,"sig":1,"sig":1}"#,
  ])
  func aKeyGivenTwiceIsRefusedAndNamed(text: String) {
    let problem = problem(text)
    #expect(problem?.kind == .repeatedKey)
    let key = ["lat", "time", "sig"].first { text.components(separatedBy: "\"\($0)\"").count == 3 }!
    #expect(problem?.message == "the key '\(key)' is given twice; which value is meant cannot be known")
  }

  /// A key is shown escaped and cut short as every message shows what it was given (at 60
  /// characters, marked), never cut inside an escape.
  @Test func aLongOrHostileKeyGivenTwiceIsShownEscapedAndCutShortWithAMark() {
    let long = String(repeating: "k", count: 100_000)
    let message = problem(#"{"lat":51.5,"lon":0,"time":1795773595000000000,"\#(long)":1,"\#(long)":2}"#)?
      .message
    #expect(
      message
        == "the key '\(String(repeating: "k", count: 60))…' is given twice; which value is meant cannot be known"
    )
    let escapes = String(repeating: #"\u001b"#, count: 100)
    let hostile = problem(
      #"{"lat":51.5,"lon":0,"time":1795773595000000000,"\#(escapes)":1,"\#(escapes)":2}"#)?.message
    #expect(
      hostile
        == "the key '\(String(repeating: #"\u{1B}"#, count: 60))…' is given twice; which value is meant cannot be known"
    )
  }

  /// A message that is no JSON says where and why, as an import's file does; JSON of another kind
  /// says what it is.
  @Test func whatIsNotAJSONObjectSaysWhy() {
    #expect(
      problem(#"{"lat":1e400,"lon":0,"time":1795773595000000000}"#)?.message
        == "the message is not JSON: at column 8: the number 1e400 is too large (the largest is about 1.8e308)"
    )
    #expect(
      problem("{\"lat\": 51,\n \"lon\": 0x1}")?.message
        == "the message is not JSON: at its line 2, column 10: expected ',' or '}'")
    #expect(problem("[1,2]")?.message == "the message is an array, not a JSON object")
    #expect(problem("\"lat\"")?.message == "the message is a string, not a JSON object")
  }

  @Test func aLocatedTimeWithoutAZoneIsNotATime() {
    #expect(problem(#"{"time":"2026-11-27 09:59:30","lat":0,"lon":0}"#, .located)?.kind == .badTime)
    #expect(problem(#"{"time":true,"lat":0,"lon":0}"#, .located)?.kind == .badTime)
  }

  @Test func theMessagesSayWhatIsWrong() {
    #expect(
      problem(#"{"lat":91,"lon":0,"time":1795773595000000000}"#)?.message
        == "'lat' is 91, not a latitude (-90 to 90)")
    #expect(problem(#"{"lat":"x","lon":0,"time":1}"#)?.message == "'lat' is a string, not a number")
  }
}
