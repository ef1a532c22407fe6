import FoundationEssentials
import StormrangeBase
import StormrangeDomain
import Testing

@testable import StormrangeDetectors
@testable import StormrangeMQTT

/// What keeps detector input bounded and its sensors named as they are (issue 29, items 7 and 9):
/// at most ``DetectorIngest/maximumSensors`` sensors, the one heard least recently forgotten first;
/// a sensor's id a whole number from 0; `.` and `..` no new source.
@Suite struct DetectorBoundsTests {
  let start = Date(timeIntervalSince1970: 1_795_600_000)

  func rtl433(_ id: String, count: Int = 0, second: Double = 0) -> String {
    let time = UTCTime.format(start.addingTimeInterval(second))
    return #"{"time": "\#(time)", "model": "FineOffset-WH31L", "id": \#(id), "state": "strike", "#
      + #""storm_dist_km": 14, "strike_count": \#(count)}"#
  }

  @Test func aFloodOfIdsKeeps64SensorsAndARealOneHeardAmongThem() throws {
    var ingest = DetectorIngest(.init(format: .rtl433))
    let arrival = start.addingTimeInterval(60)
    var forgotten: [String] = []
    var firsts = 0
    var readings = 0
    for block in 0..<100 {
      for other in 0..<50 {
        let delivery = ingest.receive(rtl433(String(100_000 + block * 50 + other)), arrival: arrival)
        forgotten += delivery.forgotten.map { [$0.name] } ?? []
        firsts += delivery.firstForgotten ? 1 : 0
        #expect(delivery.reading == nil)
      }
      let real = ingest.receive(rtl433("67016", count: block, second: Double(block) / 10), arrival: arrival)
      readings += real.reading == nil ? 0 : 1
      #expect(real.forgotten?.name != "FineOffset-WH31L-67016")
    }
    #expect(ingest.summaries.count == DetectorIngest.maximumSensors)
    #expect(readings == 99)  // every strike after the first message, its baseline
    #expect(firsts == 1 && ingest.hasForgotten)
    // The least recently heard goes first: the flood's first ids, in order.
    #expect(Array(forgotten.prefix(2)) == ["FineOffset-WH31L-100000", "FineOffset-WH31L-100001"])
    #expect(!forgotten.contains("FineOffset-WH31L-67016"))
    #expect(ingest.summary(of: "FineOffset-WH31L-67016")?.readings == 99)
  }

  @Test func anIdThatIsNotAWholeNumberFrom0IsRefused() {
    var ingest = DetectorIngest(.init(format: .rtl433))
    let cases: [(String, String)] = [
      ("-5", "'id' is -5, not a sensor's id (a whole number from 0)"),
      ("67016.5", "'id' is 67016.5, not a sensor's id (a whole number from 0)"),
      (#""67016""#, #"'id' is the string "67016", not a number: a sensor's id is a whole number from 0"#),
      ("true", "'id' is a boolean, not a number"),
      ("null", "no 'id': rtl_433 names each sensor by its id"),
      ("1e16", "'id' is 1e+16, not a sensor's id (a whole number from 0) of at most 15 digits"),
    ]
    for (id, warning) in cases {
      let delivery = ingest.receive(rtl433(id), arrival: start)
      #expect(delivery.warning == warning, "\(id)")
      #expect(delivery.newSensor == nil && delivery.reading == nil)
    }
    #expect(ingest.summaries.isEmpty)
    #expect(ingest.receive(rtl433("0"), arrival: start).newSensor?.name == "FineOffset-WH31L-0")
  }

  @Test func dotAndDotDotAreNoNewSourceButAStoredOneLoads() throws {
    for name in [".", ".."] {
      #expect(throws: MeasurementError.sourceInvalid(typed: name)) { try MeasurementRules.source(name) }
      #expect(MQTTService.source(of: "tele/\(name)/SENSOR", format: .tasmota) == nil)
      let fields = MeasurementFields(date: start, distance: 5000, source: name)
      #expect(throws: MeasurementError.sourceInvalid(typed: name)) {
        try fields.measurement(under: .imported, now: start)
      }
      #expect(try fields.measurement(under: .stored, now: start).source?.name == name)
    }
    #expect(MQTTService.source(of: "tele/attic/SENSOR", format: .tasmota)?.name == "attic")
    #expect(MQTTService.source(of: "tele/.attic/SENSOR", format: .tasmota)?.name == ".attic")
  }
}
