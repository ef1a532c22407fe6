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
    #expect(topic == "ha/binary_sensor/stormrange_home_storm_2_shelter_now/config")
    #expect(config["state_topic"] as? String == "home/storm 2/status")
    let device = try #require(config["device"] as? [String: Any])
    #expect(device["identifiers"] as? [String] == ["stormrange_home_storm_2"])
    #expect(device["name"] as? String == "stormrange (home/storm 2)")
  }
}
