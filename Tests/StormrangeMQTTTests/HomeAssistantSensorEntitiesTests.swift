import Foundation
import ShellTestSupport
import TestSupport
import Testing

@testable import StormrangeBase
@testable import StormrangeDetectors
@testable import StormrangeDomain
@testable import StormrangeMQTT
@testable import StormrangeShell
@testable import StormrangeStore

/// Each detector's health as Home Assistant entities of its own (issue 29, item 17): published when
/// the sensor is first heard and on every connection, cleared when it is forgotten past
/// ``DetectorIngest/maximumSensors``.
@Suite struct HomeAssistantSensorEntitiesTests {
  func rtl433(_ id: Int, count: Int = 0, arrival: Moment) -> ReceivedMessage {
    ReceivedMessage(
      topic: "rtl_433/events",
      payload: Array(
        #"{"model": "FineOffset-WH31L", "id": \#(id), "state": "strike", "storm_dist_km": 14, "strike_count": \#(count)}"#
          .utf8), retained: false, arrival: arrival)
  }

  func object(_ message: MQTTMessage) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(message.payload.utf8)) as? [String: Any])
  }

  static let subscribed = "--broker mqtt://localhost --homeassistant --subscribe rtl_433/events=rtl433"

  @Test func eachSensorHasItsOwnDiagnosticEntitiesReadingItsSummary() throws {
    let discovery = HomeAssistantDiscovery(
      topics: MQTTTopics(prefix: "stormrange"), discoveryPrefix: "homeassistant", softwareVersion: "1.1.0")
    let messages = discovery.sensorMessages(of: "FineOffset-WH31L-67016")
    #expect(
      messages.map(\.topic) == [
        "homeassistant/sensor/stormrange_sensor_FineOffset-WH31L-67016_last_heard/config",
        "homeassistant/sensor/stormrange_sensor_FineOffset-WH31L-67016_readings/config",
      ])
    let shared = try object(discovery.messages[0])
    for message in messages {
      let config = try object(message)
      #expect(message.topic == "homeassistant/sensor/\(config["unique_id"] as! String)/config")
      #expect(config["state_topic"] as? String == "stormrange/sensors/FineOffset-WH31L-67016")
      #expect(config["availability_topic"] as? String == "stormrange/availability")
      #expect(config["entity_category"] as? String == "diagnostic")
      #expect((config["name"] as? String)?.hasPrefix("FineOffset-WH31L-67016 ") == true)
      #expect(
        NSDictionary(dictionary: try #require(config["device"] as? [String: Any]))
          == NSDictionary(dictionary: try #require(shared["device"] as? [String: Any])))
      #expect(config["origin"] != nil)
      // Guarded: a summary without the key, with it null, or no JSON object at all gives None.
      let template = try #require(config["value_template"] as? String)
      #expect(template.contains("value_json is mapping") && template.contains("is defined"))
    }
    let heard = try object(messages[0])
    #expect(heard["device_class"] as? String == "timestamp")
    #expect((heard["value_template"] as? String)?.contains("value_json.last_message") == true)
    let readings = try object(messages[1])
    #expect(readings["state_class"] as? String == "total_increasing")
    #expect(readings["json_attributes_topic"] as? String == "stormrange/sensors/FineOffset-WH31L-67016")
    #expect((readings["json_attributes_template"] as? String)?.contains("disturbers") == true)
  }

  /// A source's characters that an id may not hold are escaped one to one, as a prefix is in the
  /// device id; another prefix makes the device's id part of the entity's.
  @Test func aSourceIsEscapedOneToOneInTheUniqueID() throws {
    let other = HomeAssistantDiscovery(
      topics: MQTTTopics(prefix: "home/storm"), discoveryPrefix: "ha", softwareVersion: "1")
    let ids = try ["a.b", "a_2eb", "a_b"].flatMap { source in
      try other.sensorMessages(of: source).map { try object($0)["unique_id"] as! String }
    }
    #expect(ids.contains("stormrange_home_2fstorm_sensor_a_2eb_last_heard"))
    #expect(ids.contains("stormrange_home_2fstorm_sensor_a__2eb_readings"))
    #expect(ids.contains("stormrange_home_2fstorm_sensor_a__b_readings"))
    #expect(Set(ids).count == ids.count)
    let removal = other.sensorRemoval(of: "a.b")
    #expect(removal.map(\.topic) == other.sensorMessages(of: "a.b").map(\.topic))
    #expect(removal.allSatisfy { $0.payload.isEmpty })
  }

  @Test func aSensorsConfigsArePublishedWhenItIsFirstHeardAndOnEveryConnection() throws {
    let test = TestSession(mode: .oneShot)
    let service = try test.mqttService(Self.subscribed)
    let arrival = test.clock.now()
    let first = service.received([rtl433(1, arrival: arrival), rtl433(2, arrival: arrival)])
    let configs = first.filter { $0.topic.hasPrefix("homeassistant/") }
    #expect(configs.count == 4)
    #expect(configs.allSatisfy { !$0.payload.isEmpty })
    // Each config before its summary, so Home Assistant reads the summary as the entity's state.
    let lastConfig = try #require(first.lastIndex { $0.topic.hasPrefix("homeassistant/") })
    let firstSummary = try #require(first.firstIndex { $0.topic.contains("/sensors/") })
    #expect(lastConfig < firstSummary)
    // Heard again: its summary, not its configs.
    let again = service.received([rtl433(1, count: 1, arrival: arrival)])
    #expect(!again.contains { $0.topic.hasPrefix("homeassistant/") })
    let connected = service.connected().map(\.topic)
    #expect(
      connected.filter { $0.hasPrefix("homeassistant/") }.count == HomeAssistantDiscovery.entities.count + 4)
    #expect(connected.contains("homeassistant/sensor/stormrange_sensor_FineOffset-WH31L-2_readings/config"))
    #expect(connected.last == "stormrange/availability")
  }

  @Test func aForgottenSensorsConfigsAreCleared() throws {
    let test = TestSession(mode: .oneShot)
    let service = try test.mqttService(Self.subscribed)
    let arrival = test.clock.now()
    _ = service.received((0..<64).map { rtl433($0, arrival: arrival) })
    let next = service.received([rtl433(64, arrival: arrival)])
    let configs = next.filter { $0.topic.hasPrefix("homeassistant/") }
    #expect(
      configs.map(\.topic) == [
        "homeassistant/sensor/stormrange_sensor_FineOffset-WH31L-0_last_heard/config",
        "homeassistant/sensor/stormrange_sensor_FineOffset-WH31L-0_readings/config",
        "homeassistant/sensor/stormrange_sensor_FineOffset-WH31L-64_last_heard/config",
        "homeassistant/sensor/stormrange_sensor_FineOffset-WH31L-64_readings/config",
      ])
    #expect(configs.prefix(2).allSatisfy { $0.payload.isEmpty })
    #expect(configs.suffix(2).allSatisfy { !$0.payload.isEmpty })
    // The configs go before the summary: Home Assistant removes the entity before its state empties.
    let cleared = try #require(next.firstIndex { $0.topic == "stormrange/sensors/FineOffset-WH31L-0" })
    #expect(next.firstIndex { $0.topic == configs[1].topic }! < cleared)
    let connected = service.connected().map(\.topic)
    #expect(!connected.contains { $0.contains("FineOffset-WH31L-0_") })
    #expect(
      connected.filter { $0.hasPrefix("homeassistant/") }.count
        == HomeAssistantDiscovery.entities.count + 2 * DetectorIngest.maximumSensors)
    // Heard again: a new sensor, whose configs come back.
    let back = service.received([rtl433(0, arrival: arrival)])
    #expect(
      back.filter {
        $0.topic.hasPrefix("homeassistant/") && $0.topic.contains("WH31L-0_") && !$0.payload.isEmpty
      }.count == 2)
  }

  @Test func withoutHomeAssistantNoSensorConfigs() throws {
    let test = TestSession(mode: .oneShot)
    let service = try test.mqttService("--broker mqtt://localhost --subscribe rtl_433/events=rtl433")
    let published = service.received([rtl433(1, arrival: test.clock.now())])
    #expect(!published.contains { $0.topic.hasPrefix("homeassistant/") })
    #expect(!service.connected().contains { $0.topic.hasPrefix("homeassistant/") })
  }
}
