import FoundationEssentials
import StormrangeBase
import StormrangeDomain
import Testing

@testable import StormrangeDetectors

/// Reading detector messages and judging them against what each sensor said before (issue 21).
@Suite struct DetectorIngestTests {
  let start = Date(timeIntervalSince1970: 1_795_600_000)
  let source = "FineOffset-WH31L-67016"

  /// A line as `rtl_433 -F json -M time:iso:tz:utc` prints one for the WH31L/WH57.
  func rtl433(_ count: Int, km: Int? = nil, state: String = "strike", minute: Double = 0, id: Int = 67016)
    -> String
  {
    let time = UTCTime.format(start.addingTimeInterval(minute * 60))
    let distance = km.map { ", \"storm_dist_km\" : \($0)" } ?? ""
    return
      "{\"time\" : \"\(time)\", \"model\" : \"FineOffset-WH31L\", \"id\" : \(id), \"battery_ok\" : 1.000, "
      + "\"state\" : \"\(state)\", \"flags\" : 32848\(distance), \"strike_count\" : \(count), \"mic\" : \"CRC\"}"
  }

  /// Feeds `lines`, all arriving 3 hours after `start`; returns the readings' distances in km and
  /// the warnings, but for the one that says the messages lag their arrival
  /// (``aSensorWhoseTimesLagTheirArrivalIsToldOfOnce()`` tests it).
  func feed(_ ingest: inout DetectorIngest, _ lines: [String]) -> (km: [Double], warnings: [String]) {
    var km: [Double] = []
    var warnings: [String] = []
    for line in lines {
      let delivery = ingest.receive(line, arrival: start.addingTimeInterval(3 * 3600))
      if let reading = delivery.reading { km.append(reading.distance / 1000) }
      if let warning = delivery.warning, !warning.contains("before they arrived") { warnings.append(warning) }
    }
    return (km, warnings)
  }

  @Test func theFirstMessageIsTheBaselineAndARepeatRecordsNothing() throws {
    var ingest = DetectorIngest(.init(format: .rtl433))
    let first = ingest.receive(rtl433(5, km: 20), arrival: start)
    #expect(first.reading == nil && first.warning == nil)
    #expect(first.newSensor == DetectorSource(source, kind: .as3935))
    let repeated = ingest.receive(rtl433(5, km: 20, minute: 1), arrival: start)
    #expect(repeated.reading == nil && repeated.newSensor == nil)
    let strike = ingest.receive(rtl433(6, km: 17, minute: 2), arrival: start.addingTimeInterval(120))
    let reading = try #require(strike.reading)
    #expect(
      reading.distance == 17_000 && reading.date == start.addingTimeInterval(120) && reading.note == nil)
    #expect(reading.source == DetectorSource(source, kind: .as3935))
    let summary = try #require(ingest.summary(of: source))
    #expect((summary.messages, summary.readings, summary.repeats) == (3, 1, 1))
  }

  @Test func aCountThatRoseBySeveralRecordsOneReadingWithANote() throws {
    var ingest = DetectorIngest(.init(format: .rtl433))
    _ = ingest.receive(rtl433(5), arrival: start)
    let delivery = ingest.receive(rtl433(9, km: 14, minute: 1), arrival: start.addingTimeInterval(60))
    #expect(delivery.reading?.note == "4 strikes since the sensor's last message")
  }

  @Test func aLowerCountIsAWrapUnlessTheSensorStartedAgain() {
    var ingest = DetectorIngest(.init(format: .rtl433))
    let (km, warnings) = feed(
      &ingest,
      [
        rtl433(250), rtl433(2, km: 12, minute: 1),  // wrap: 8 strikes
        rtl433(0, state: "reset", minute: 2),  // start-up: baseline
        rtl433(1, km: 10, minute: 3),
        rtl433(0, km: 8, minute: 64),  // lower after more than an hour: a reset
        rtl433(1, km: 8, minute: 65),
        rtl433(0, km: 6, minute: 66),  // lower a minute later: a wrap, 255 strikes
      ])
    #expect(warnings.isEmpty)
    #expect(km == [12, 10, 8, 6])
    let summary = ingest.summaries[0]
    #expect((summary.wraps, summary.resets) == (2, 2))
  }

  /// A message not later than the sensor's last one by its own time (a second receiver, an MQTT
  /// redelivery, a replay) leaves the baseline alone, whatever its count: a wrap needs time to move
  /// forward (issue 29).
  @Test func aMessageNotLaterThanTheLastIsNeitherAWrapNorABaseline() {
    var ingest = DetectorIngest(.init(format: .rtl433))
    let messages: [(seconds: Double, km: Int, count: Int)] = [
      (0, 14, 5), (60, 12, 6), (30, 14, 5), (120, 12, 6), (120, 12, 6), (180, 10, 7), (170, 12, 6),
      (240, 10, 7),
    ]
    let (km, warnings) = feed(
      &ingest, messages.map { rtl433($0.count, km: $0.km, minute: $0.seconds / 60) })
    #expect(warnings.isEmpty)
    #expect(km == [12, 10])
    let summary = ingest.summaries[0]
    #expect((summary.wraps, summary.resets, summary.readings) == (0, 0, 2))
  }

  @Test(arguments: ["0", "\"0\"", "\"reset\"", "\"RESET\""])
  func theStartUpStateInEitherSpellingIsANewBaseline(state: String) {
    var ingest = DetectorIngest(.init(format: .rtl433))
    let line =
      "{\"time\": \"\(UTCTime.format(start.addingTimeInterval(60)))\", \"model\": \"FineOffset-WH31L\", "
      + "\"id\": 67016, \"state\": \(state), \"storm_dist_km\": 5, \"strike_count\": 0}"
    let (km, _) = feed(&ingest, [rtl433(40), line, rtl433(1, km: 5, minute: 2)])
    #expect(km == [5])
    #expect(ingest.summaries[0].resets == 1)
  }

  @Test func noDistanceIsNoReadingAndTheStrikesAreCounted() {
    var ingest = DetectorIngest(.init(format: .rtl433))
    let (km, _) = feed(&ingest, [rtl433(1), rtl433(3, minute: 1), rtl433(4, km: 31, minute: 2)])
    #expect(km == [31])
    #expect(ingest.summaries[0].strikesNotRecorded == 2)
  }

  @Test func noiseAndInterferenceAreCountedWhenTheStateTurnsToThem() {
    var ingest = DetectorIngest(.init(format: .rtl433))
    _ = feed(
      &ingest,
      [
        rtl433(1, state: "noise"), rtl433(1, state: "noise", minute: 1),
        rtl433(1, state: "interference", minute: 2),
        rtl433(1, state: "noise", minute: 3), rtl433(1, state: "strike", minute: 4),
      ])
    #expect(
      (ingest.summaries[0].noise, ingest.summaries[0].disturbers, ingest.summaries[0].repeats) == (2, 1, 4))
  }

  @Test func otherSensorsAreLeftOutWithoutAWordWhenSensorsAreNamed() {
    var ingest = DetectorIngest(.init(format: .rtl433, sensors: [source]))
    let other = ingest.receive(rtl433(1, id: 4242), arrival: start)
    #expect(other.reading == nil && other.warning == nil && other.sensor == nil)
    let unknown = ingest.receive("{\"model\": \"Acurite-Tower\", \"id\": 5}", arrival: start)
    #expect(unknown.warning == nil)
    #expect(ingest.summaries.map(\.source.name) == [])
  }

  @Test func badMessagesGiveOneWarningEach() {
    var ingest = DetectorIngest(.init(format: .rtl433))
    let (_, warnings) = feed(
      &ingest,
      [
        "not json", "[1]", "{\"id\": 1}", "{\"model\": \"Acurite-6045M\", \"id\": 9, \"storm_dist\": 7}",
        "{\"model\": \"Bresser-3CH\", \"id\": 9}", "{\"model\": \"FineOffset-WH31L\", \"id\": 1}",
        "{\"model\": \"FineOffset-WH31L\", \"id\": 1, \"strike_count\": 256}",
        "{\"model\": \"FineOffset-WH31L\", \"id\": 1, \"strike_count\": 2, \"time\": \"yesterday\"}",
        "{\"model\": \"FineOffset-WH31L\", \"model\": \"x\"}",
      ])
    #expect(warnings.count == 9)
    #expect(warnings[0] == "not JSON: at line 1, column 1: expected a value")
    #expect(warnings[1] == "the JSON is an array, not an object")
    #expect(warnings[2] == "no 'model': not a line of rtl_433 -F json")
    #expect(warnings[3].hasPrefix("Acurite-6045M is not read"))
    #expect(warnings[4].hasPrefix("model 'Bresser-3CH' is not a lightning sensor stormrange reads"))
    #expect(warnings[5] == "no 'strike_count'")
    #expect(warnings[6] == "'strike_count' is 256, not a whole number from 0 to 255")
    #expect(warnings[7].hasPrefix("'time' is 'yesterday', not a time"))
    #expect(warnings[8].hasPrefix("the key 'model' is given twice"))
    var bytes = DetectorIngest(.init(format: .km))
    #expect(
      bytes.receive(bytes: [0xFF, 0x31], arrival: start).warning == "the message is not valid UTF-8 text")
  }

  @Test func aReadingIsCheckedAsAddChecksOne() {
    var ingest = DetectorIngest(.init(format: .rtl433))
    let (km, warnings) = feed(
      &ingest, [rtl433(1), rtl433(2, km: 7, minute: 1), rtl433(3, km: 40, minute: 2)])
    #expect(km == [40])  // the AS3935's last step is recorded
    #expect(warnings == ["7 km is not a distance an AS3935 reports; its steps are \(AS3935.stepsText) km"])
    // A message dated more than a minute after it arrived has not happened yet.
    var ahead = DetectorIngest(.init(format: .rtl433))
    _ = ahead.receive(rtl433(1), arrival: start)
    let late = ahead.receive(rtl433(2, km: 10, minute: 5), arrival: start)
    #expect(late.reading == nil)
    #expect(late.warning == "'\(UTCTime.format(start.addingTimeInterval(300)))' is in the future")
  }

  @Test func messageTimesWithAZoneAreTakenAsGivenAndWithoutOneInTheLocalZone() {
    let zone = LocalTime(offsetFromUTC: 3600)
    #expect(
      MessageTime.parse("2026-11-25T10:09:31Z", zone: zone) == Date(timeIntervalSince1970: 1_795_601_371))
    #expect(
      MessageTime.parse("2026-11-25T11:09:31+0100", zone: zone) == Date(timeIntervalSince1970: 1_795_601_371))
    #expect(
      MessageTime.parse("2026-11-25T12:09:31+02:00", zone: zone) == Date(timeIntervalSince1970: 1_795_601_371)
    )
    #expect(
      MessageTime.parse("2026-11-25 11:09:31", zone: zone) == Date(timeIntervalSince1970: 1_795_601_371))
    #expect(
      MessageTime.parse("2026-11-25T11:09:31.500", zone: zone) == Date(timeIntervalSince1970: 1_795_601_371.5)
    )
    #expect(MessageTime.parse("1795601371", zone: zone) == Date(timeIntervalSince1970: 1_795_601_371))
    #expect(MessageTime.parse("1795601371.25", zone: zone) == Date(timeIntervalSince1970: 1_795_601_371.25))
    #expect(MessageTime.parse("soon", zone: zone) == nil)
    #expect(MessageTime.parse("2026-11-25T11:09:31+2", zone: zone) == nil)
  }

  @Test func tasmotaEventsAreReadingsOrHealth() {
    var ingest = DetectorIngest(.init(format: .tasmota, zone: LocalTime(offsetFromUTC: 3600)))
    func event(_ number: Int, _ distance: Int = 0) -> String {
      "{\"Time\":\"2026-11-25T11:00:00\",\"AS3935\":{\"Event\":\(number),\"Distance\":\(distance),\"Energy\":0,\"Stage\":4}}"
    }
    var dates: [Date] = []
    var km: [Double] = []
    for line in [
      event(0), event(1, 12), event(2), event(3), event(4, 1), event(5), event(6), event(7), event(8),
      event(9), event(11),
    ] {
      let delivery = ingest.receive(line, arrival: start.addingTimeInterval(900))
      #expect(delivery.warning == nil)
      if let reading = delivery.reading {
        km.append(reading.distance / 1000)
        dates.append(reading.date)
        #expect(reading.source == DetectorSource("tasmota", kind: .as3935))
      }
    }
    #expect(km == [12, 1])
    #expect(
      dates == [Date(timeIntervalSince1970: 1_795_600_800), Date(timeIntervalSince1970: 1_795_600_800)])
    let summary = ingest.summaries[0]
    #expect((summary.readings, summary.noise, summary.disturbers, summary.otherEvents) == (2, 1, 1, 5))
    let missing = ingest.receive("{\"AS3935\":{\"Event\":1}}", arrival: start)
    #expect(missing.warning == "event 1 (lightning) has no 'Distance'")
    #expect(
      ingest.receive("{\"BME280\":{}}", arrival: start).warning?.hasPrefix("no 'AS3935' object") == true)
  }

  /// A Tasmota device without NTP sends `"Time":"1970-01-01T00:00:03"` (its uptime): a reading
  /// dated so would be recorded 56 years ago and never counted in the storm, in the outage a storm
  /// brings. A time before 2000 is an unset clock: the reading is dated on arrival, and the sensor's
  /// first such message says so.
  @Test func aTimeFromAClockNotSetIsTakenAsTheArrival() throws {
    // Quoted as the device sent it, whatever the zone it is read in.
    var ingest = DetectorIngest(.init(format: .tasmota, zone: LocalTime(offsetFromUTC: 3600)))
    func strike(_ time: String, _ distance: Int) -> String {
      "{\"Time\":\"\(time)\",\"AS3935\":{\"Event\":1,\"Distance\":\(distance),\"Energy\":0,\"Stage\":4}}"
    }
    let first = ingest.receive(strike("1970-01-01T00:00:03", 12), arrival: start)
    #expect(try #require(first.reading).date == start)
    #expect(
      first.warning
        == "tasmota's clock is not set (its time 1970-01-01T00:00:03 is before 2010): its readings are dated when they arrive"
    )
    let second = ingest.receive(strike("1970-01-01T00:01:03", 10), arrival: start.addingTimeInterval(60))
    #expect(second.reading?.date == start.addingTimeInterval(60) && second.warning == nil)
    // Once its clock is set, its own time counts again.
    let set = ingest.receive(strike("2026-11-25T10:48:00", 8), arrival: start.addingTimeInterval(120))
    #expect(set.reading?.date == Date(timeIntervalSince1970: 1_795_600_080) && set.warning == nil)
    // A real-time-clock chip reset counts from 2000: not set either.
    let reset = ingest.receive(strike("2000-01-01T00:00:05", 10), arrival: start.addingTimeInterval(180))
    #expect(
      reset.reading?.date == start.addingTimeInterval(180)
        && reset.warning?.contains("clock is not set") == true)
  }

  /// An rtl_433 whose clock is not set still counts the seconds since it started: lines that
  /// arrive together (a log replayed, or buffered through an outage) are judged by those, so two
  /// hours' silence before a lower count is a reset, not a wrap of 210 strikes.
  @Test func aClockNotSetStillJudgesTheCountersSilences() {
    var ingest = DetectorIngest(.init(format: .rtl433))
    func line(_ count: Int, _ time: String) -> String {
      "{\"time\" : \"\(time)\", \"model\" : \"FineOffset-WH31L\", \"id\" : 67016, \"state\" : \"strike\", "
        + "\"storm_dist_km\" : 14, \"strike_count\" : \(count)}"
    }
    let lines = [
      line(50, "1970-01-01T00:00:10Z"), line(51, "1970-01-01T00:01:10Z"), line(5, "1970-01-01T02:00:10Z"),
    ]
    let readings = lines.compactMap { ingest.receive($0, arrival: start).reading }
    #expect(readings.count == 1 && readings.allSatisfy { $0.date == start })
    #expect(ingest.summaries[0].resets == 1 && ingest.summaries[0].wraps == 0)
  }

  /// A warning about a message's time gives way to the refusal of its reading, and is given with
  /// the next message instead.
  @Test func aWarningAboutTheTimeIsNotLostToARefusal() {
    var ingest = DetectorIngest(.init(format: .tasmota, zone: .utc))
    func strike(_ distance: Int) -> String {
      let time = UTCTime.format(start).dropLast()
      return
        "{\"Time\":\"\(time)\",\"AS3935\":{\"Event\":1,\"Distance\":\(distance),\"Energy\":0,\"Stage\":4}}"
    }
    let refused = ingest.receive(strike(15), arrival: start.addingTimeInterval(3600))
    #expect(refused.reading == nil && refused.warning?.contains("not a distance an AS3935 reports") == true)
    let next = ingest.receive(strike(14), arrival: start.addingTimeInterval(3600))
    #expect(next.reading != nil && next.warning?.contains("dated 1 h 00 min before they arrived") == true)
  }

  /// A Tasmota in UTC read with TZ=Europe/Berlin dates its strikes an hour before they arrive:
  /// recorded as they are, they would not be the storm now. The sensor's first message so late
  /// says so, once (a log replayed is late too, and is told the same).
  @Test func aSensorWhoseTimesLagTheirArrivalIsToldOfOnce() throws {
    var ingest = DetectorIngest(.init(format: .tasmota, zone: .utc))
    func strike(_ minutes: Double, _ distance: Int) -> String {
      let time = UTCTime.format(start.addingTimeInterval(minutes * 60)).dropLast()
      return
        "{\"Time\":\"\(time)\",\"AS3935\":{\"Event\":1,\"Distance\":\(distance),\"Energy\":0,\"Stage\":4}}"
    }
    let hourLate = start.addingTimeInterval(3600)
    let first = ingest.receive(strike(0, 12), arrival: hourLate)
    #expect(first.reading?.date == start)
    #expect(
      first.warning
        == "tasmota's messages are dated 1 h 00 min before they arrived: a log replayed, or its clock in another zone than stormrange's (TZ)?"
    )
    #expect(ingest.receive(strike(1, 10), arrival: hourLate.addingTimeInterval(60)).warning == nil)
    // Within 10 minutes is the delay of a live stream, said nothing of.
    var live = DetectorIngest(.init(format: .tasmota, zone: .utc))
    #expect(live.receive(strike(0, 12), arrival: start.addingTimeInterval(590)).warning == nil)
  }

  @Test func kmLinesAreDatedOnArrivalUnderTheirSource() throws {
    let porch = try #require(DetectorSource("porch"))
    var ingest = DetectorIngest(.init(format: .km, source: porch))
    let reading = try #require(ingest.receive(" 12.5 ", arrival: start).reading)
    #expect(reading.distance == 12_500 && reading.date == start && reading.source?.kind == .generic)
    #expect(ingest.receive("", arrival: start).warning == nil)
    #expect(ingest.receive("12 km", arrival: start).warning == "'12 km' is not a distance in km")
    let garage = try #require(DetectorSource("garage", kind: .as3935))
    let other = ingest.receive("12", arrival: start, source: garage)
    #expect(other.reading?.source == garage && other.newSensor == garage)
    #expect(ingest.summaries.map(\.source.name) == ["porch", "garage"])
  }

  @Test func theSummaryAsALineAndAsJSON() {
    var summary = SensorSummary(source: DetectorSource(source, kind: .as3935)!)
    summary.messages = 45
    summary.readings = 3
    summary.repeats = 41
    summary.noise = 1
    #expect(summary.line == "\(source) (as3935): 3 readings, 41 repeats, 1 noise, 0 disturbers")
    summary.lastMessage = start
    summary.wraps = 1
    #expect(summary.line.hasSuffix(", 1 wrap"))
    #expect(
      summary.json
        == "{\"source\": \"\(source)\", \"detector\": \"as3935\", \"messages\": 45, \"readings\": 3, "
        + "\"repeats\": 41, \"strikes_not_recorded\": 0, \"resets\": 0, \"wraps\": 1, \"noise\": 1, "
        + "\"disturbers\": 0, \"other_events\": 0, \"last_message\": \"\(UTCTime.format(start))\"}")
  }
}
