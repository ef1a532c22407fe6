import Foundation
import Testing

@testable import StormrangeKit

@Suite struct HomeAssistantDiscoveryTests {
  func configs(prefix: String = "stormrange", discovery: String = "homeassistant") throws -> [(
    String, [String: Any]
  )] {
    let messages = HomeAssistantDiscovery(
      topics: MQTTTopics(prefix: prefix), discoveryPrefix: discovery, softwareVersion: "1.1.0"
    ).messages
    return try messages.map { message in
      let object = try JSONSerialization.jsonObject(with: Data(message.payload.utf8))
      return (message.topic, try #require(object as? [String: Any]))
    }
  }

  @Test func everyConfigCarriesWhatHomeAssistantRequiresAndOneSharedDevice() throws {
    let configs = try configs()
    #expect(configs.count == 11)
    var uniqueIDs: Set<String> = []
    for (topic, config) in configs {
      let uniqueID = try #require(config["unique_id"] as? String)
      #expect(uniqueID.hasPrefix("stormrange_stormrange_"))
      #expect(uniqueIDs.insert(uniqueID).inserted)
      let component = config["payload_on"] == nil ? "sensor" : "binary_sensor"
      #expect(topic == "homeassistant/\(component)/\(uniqueID)/config")
      #expect(config["state_topic"] as? String == "stormrange/status")
      #expect(config["availability_topic"] as? String == "stormrange/availability")
      #expect((config["value_template"] as? String)?.hasPrefix("{{ ") == true)
      #expect(config["name"] is String)
      let device = try #require(config["device"] as? [String: Any])
      #expect(device["identifiers"] as? [String] == ["stormrange_stormrange"])
      #expect(device["name"] as? String == "stormrange")
    }
    let byID = Dictionary(uniqueKeysWithValues: configs.map { ($0.1["unique_id"] as! String, $0.1) })
    #expect(byID["stormrange_stormrange_shelter_now"]?["device_class"] as? String == "safety")
    #expect(byID["stormrange_stormrange_latest_distance"]?["unit_of_measurement"] as? String == "km")
    #expect(byID["stormrange_stormrange_range_rate"]?["unit_of_measurement"] as? String == "km/h")
    #expect(byID["stormrange_stormrange_all_clear"]?["device_class"] as? String == "timestamp")
    // A forecast keeps no statistics: a percentage with an icon, no state_class.
    let chance = try #require(byID["stormrange_stormrange_within_10km_chance"])
    #expect(chance["unit_of_measurement"] as? String == "%" && chance["state_class"] == nil)
    #expect(chance["icon"] as? String == "mdi:weather-lightning")
    let direction = try #require(byID["stormrange_stormrange_direction"])
    #expect(direction["json_attributes_topic"] as? String == "stormrange/status")
    #expect((direction["json_attributes_template"] as? String)?.contains("chance_approaching") == true)
  }

  @Test func anotherPrefixMakesAnotherDevice() throws {
    let configs = try configs(prefix: "home/storm 2", discovery: "ha")
    let (topic, config) = try #require(configs.first)
    #expect(topic == "ha/binary_sensor/stormrange_home_2fstorm_202_shelter_now/config")
    #expect(config["state_topic"] as? String == "home/storm 2/status")
    let device = try #require(config["device"] as? [String: Any])
    #expect(device["identifiers"] as? [String] == ["stormrange_home_2fstorm_202"])
    #expect(device["name"] as? String == "stormrange (home/storm 2)")
  }

  /// Two prefixes never share an id (issue 29): `_` is `__`, every other character but a–z and
  /// 0–9 `_xx` for each of its UTF-8 bytes, so the mapping is one to one, in ASCII, and a prefix
  /// of only a–z and 0–9 (the default) keeps the id it always had.
  @Test func everyPrefixHasAnIDOfItsOwn() {
    func id(_ prefix: String) -> String {
      HomeAssistantDiscovery(topics: MQTTTopics(prefix: prefix), discoveryPrefix: "ha", softwareVersion: "1")
        .deviceID
    }
    #expect(id("stormrange") == "stormrange_stormrange")
    #expect(id("home/storm") == "stormrange_home_2fstorm")
    #expect(id("home_storm") == "stormrange_home__storm")
    let prefixes = ["home/storm", "home_storm", "a\"b", "a\\b", "a'b", "Äb", "Öb", "a-b", "a_2db", "A"]
    let ids = prefixes.map(id)
    #expect(Set(ids).count == prefixes.count)
    #expect(ids.allSatisfy { $0.unicodeScalars.allSatisfy { $0.isASCII } })
  }

  /// Where an id changed, the configs under the old one are cleared (an empty retained message),
  /// so that Home Assistant keeps no duplicate entity; none for a prefix whose id did not change.
  @Test func theConfigsUnderAnOldIDAreCleared() {
    let moved = HomeAssistantDiscovery(
      topics: MQTTTopics(prefix: "home/storm"), discoveryPrefix: "ha", softwareVersion: "1")
    #expect(moved.clearedMessages.count == 9)
    #expect(moved.clearedMessages.allSatisfy { $0.payload.isEmpty })
    #expect(
      moved.clearedMessages.contains {
        $0.topic == "ha/binary_sensor/stormrange_home_storm_shelter_now/config"
      })
    let kept = HomeAssistantDiscovery(
      topics: MQTTTopics(prefix: "stormrange"), discoveryPrefix: "ha", softwareVersion: "1")
    #expect(kept.clearedMessages.isEmpty)
  }
}
