import FoundationEssentials
import ShellTestSupport
import TestSupport
import Testing

@testable import StormrangeBase
@testable import StormrangeDomain
@testable import StormrangeMQTT
@testable import StormrangeShell
@testable import StormrangeStore

/// What keeps `mqtt` bounded (issue 29, items 7 and 8): a sensor forgotten past
/// ``DetectorIngest/maximumSensors`` has its retained summary cleared, and a payload over
/// ``MQTTService/maximumPayload`` is refused with one counted warning.
@Suite struct MQTTServiceBoundsTests {
  func rtl433(_ id: Int, arrival: Moment) -> ReceivedMessage {
    ReceivedMessage(
      topic: "rtl_433/events",
      payload: Array(
        #"{"model": "FineOffset-WH31L", "id": \#(id), "state": "strike", "storm_dist_km": 14, "strike_count": 0}"#
          .utf8), retained: false, arrival: arrival)
  }

  @Test func aForgottenSensorsRetainedSummaryIsCleared() throws {
    let test = TestSession(mode: .oneShot)
    let service = try test.mqttService("--broker mqtt://localhost --subscribe rtl_433/events=rtl433")
    let arrival = test.clock.now()
    let first = service.received((0..<64).map { rtl433($0, arrival: arrival) })
    #expect(first.filter { $0.topic.contains("/sensors/") }.count == 64)
    let next = service.received([rtl433(64, arrival: arrival), rtl433(65, arrival: arrival)])
    let sensors = next.filter { $0.topic.contains("/sensors/") }
    #expect(
      sensors.map(\.topic) == [
        "stormrange/sensors/FineOffset-WH31L-0", "stormrange/sensors/FineOffset-WH31L-1",
        "stormrange/sensors/FineOffset-WH31L-64", "stormrange/sensors/FineOffset-WH31L-65",
      ])
    #expect(sensors.prefix(2).allSatisfy { $0.payload.isEmpty })
    #expect(service.connected().filter { $0.topic.contains("/sensors/") }.count == 64)
    #expect(test.errors.text.components(separatedBy: "more than 64 sensors heard").count == 2)
    #expect(test.errors.text.components(separatedBy: "new sensor FineOffset").count == 65)
  }

  @Test func aPayloadOver4MiBIsRefusedWithOneCountedWarning() throws {
    let test = TestSession(mode: .oneShot)
    let service = try test.mqttService("--broker mqtt://localhost --subscribe esp/lightning=km")
    let arrival = test.clock.now()
    let published = service.received([
      ReceivedMessage(topic: "esp/lightning", tooLong: 50 << 20, retained: false, arrival: arrival),
      ReceivedMessage(topic: "esp/lightning", payload: Array("12.5".utf8), retained: false, arrival: arrival),
    ])
    #expect(try test.reloadedHistory().map(\.distance) == [12_500])
    #expect(published.map(\.topic).contains("stormrange/status"))
    #expect(
      test.errors.text
        == "stormrange: topic esp/lightning: the message is 52,428,800 bytes, more than the 4 MiB "
        + "(4,194,304 bytes) a message may have; skipped\n"
        + "stormrange: topic esp/lightning: new sensor detector (generic)\n")
    #expect(service.warnings == 1)
    let exactly = ReceivedMessage(
      topic: "t", payload: [UInt8](repeating: 0x35, count: MQTTService.maximumPayload), retained: false,
      arrival: arrival)
    #expect(!exactly.isTooLong)
  }
}
