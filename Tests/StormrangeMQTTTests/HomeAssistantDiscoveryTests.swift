import Foundation
import Testing

@testable import StormrangeMQTT

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
    #expect(configs.count == 14)
    var uniqueIDs: Set<String> = []
    for (topic, config) in configs {
      let uniqueID = try #require(config["unique_id"] as? String)
      #expect(uniqueID.hasPrefix("stormrange_"))
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
      let origin = try #require(config["origin"] as? [String: Any])
      #expect(origin["name"] as? String == "stormrange" && origin["sw_version"] as? String == "1.1.0")
    }
    let byID = Dictionary(uniqueKeysWithValues: configs.map { ($0.1["unique_id"] as! String, $0.1) })
    #expect(byID["stormrange_stormrange_shelter_now"]?["device_class"] as? String == "safety")
    #expect(byID["stormrange_stormrange_latest_distance"]?["unit_of_measurement"] as? String == "km")
    #expect(byID["stormrange_stormrange_range_rate"]?["unit_of_measurement"] as? String == "km/h")
    #expect(byID["stormrange_stormrange_all_clear"]?["device_class"] as? String == "timestamp")
    // A forecast keeps no statistics: a percentage with an icon, no state_class.
    let chance = try #require(byID["stormrange_within_10km_chance"])
    #expect(chance["unit_of_measurement"] as? String == "%" && chance["state_class"] == nil)
    #expect(chance["icon"] as? String == "mdi:weather-lightning")
    let direction = try #require(byID["stormrange_direction"])
    #expect(direction["json_attributes_topic"] as? String == "stormrange/status")
    #expect((direction["json_attributes_template"] as? String)?.contains("chance_approaching") == true)
  }

  /// The entities of the first release keep their unique ids, so that what users gave them (a
  /// name, an area, automations) stays; the entities added since have ids that do not repeat the
  /// name.
  @Test func theFirstEntitiesKeepTheirUniqueIDsAndTheNewOnesDoNotRepeatTheName() throws {
    let ids = Set(try configs().map { $0.1["unique_id"] as! String })
    let first = [
      "shelter_now", "lightning_within_10km", "latest_distance", "range_rate", "within_10km_earliest",
      "within_10km_latest", "closest_distance", "closest_time", "all_clear",
    ]
    #expect(
      ids
        == Set(
          first.map { "stormrange_stormrange_" + $0 }
            + ["within_10km_chance", "direction", "latest_flash", "cells", "leading_bearing"].map {
              "stormrange_" + $0
            }))
    let other = Set(try configs(prefix: "home/storm 2").map { $0.1["unique_id"] as! String })
    #expect(other.contains("stormrange_home_2fstorm_202_latest_flash"))
    #expect(other.contains("stormrange_home_2fstorm_202_shelter_now"))
  }

  /// How old the latest distance is: the latest flash as a timestamp, and the measurement's other
  /// facts as attributes of the latest distance.
  @Test func theLatestFlashHasItsTimeAndTheLatestDistanceItsFacts() throws {
    let byID = Dictionary(uniqueKeysWithValues: try configs().map { ($0.1["unique_id"] as! String, $0.1) })
    let flash = try #require(byID["stormrange_latest_flash"])
    #expect(flash["device_class"] as? String == "timestamp")
    #expect((flash["value_template"] as? String)?.contains("value_json.latest.date") == true)
    let distance = try #require(byID["stormrange_stormrange_latest_distance"])
    #expect(distance["json_attributes_topic"] as? String == "stormrange/status")
    let attributes = try #require(distance["json_attributes_template"] as? String)
    for key in ["bearing_deg", "uncertainty_km", "measurements"] { #expect(attributes.contains(key)) }
  }

  /// Display precision for the figures, an icon where no device class gives one, and no
  /// statistics for a forecast.
  @Test func figuresHaveAPrecisionAndForecastsNoStatistics() throws {
    let byID = Dictionary(uniqueKeysWithValues: try configs().map { ($0.1["unique_id"] as! String, $0.1) })
    #expect(byID["stormrange_stormrange_latest_distance"]?["suggested_display_precision"] as? Int == 1)
    #expect(byID["stormrange_stormrange_range_rate"]?["suggested_display_precision"] as? Int == 1)
    #expect(byID["stormrange_within_10km_chance"]?["suggested_display_precision"] as? Int == 0)
    #expect(byID["stormrange_stormrange_closest_distance"]?["state_class"] == nil)
    #expect(byID["stormrange_stormrange_latest_distance"]?["state_class"] as? String == "measurement")
    for (_, config) in byID where config["device_class"] == nil {
      #expect((config["icon"] as? String)?.hasPrefix("mdi:") == true, "\(config["unique_id"]!)")
    }
  }

  /// The within-10-km times to the minute, rounded outward (the earliest down, the latest up), so
  /// that a forecast moving by seconds does not change the state every minute.
  @Test func theWithin10kmTimesAreRoundedOutwardToTheMinute() throws {
    let byID = Dictionary(uniqueKeysWithValues: try configs().map { ($0.1["unique_id"] as! String, $0.1) })
    let earliest = try #require(
      byID["stormrange_stormrange_within_10km_earliest"]?["value_template"] as? String)
    let latest = try #require(byID["stormrange_stormrange_within_10km_latest"]?["value_template"] as? String)
    #expect(earliest.contains("round(0, 'floor')") && latest.contains("round(0, 'ceil')"))
  }

  /// Empty retained payloads at every config topic: Home Assistant removes the entities, and the
  /// device with the last of them; the prefix's status and availability go too.
  @Test func removalClearsEveryConfig() throws {
    let discovery = HomeAssistantDiscovery(
      topics: MQTTTopics(prefix: "old"), discoveryPrefix: "homeassistant", softwareVersion: "1.1.0")
    let removal = discovery.removal
    #expect(removal.map(\.topic) == discovery.messages.map(\.topic) + ["old/status", "old/availability"])
    #expect(removal.allSatisfy { $0.payload.isEmpty })
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

  /// Two prefixes never share an id (issue 29): `_` is `__`, every other character but ASCII
  /// letters, digits and `-` `_xx` for each of its UTF-8 bytes, so the mapping is one to one, in
  /// ASCII, and a prefix that was never ambiguous (the default among them) keeps the id it always had.
  @Test func everyPrefixHasAnIDOfItsOwn() {
    func id(_ prefix: String) -> String {
      HomeAssistantDiscovery(topics: MQTTTopics(prefix: prefix), discoveryPrefix: "ha", softwareVersion: "1")
        .deviceID
    }
    #expect(id("stormrange") == "stormrange_stormrange")
    #expect(id("home/storm") == "stormrange_home_2fstorm")
    #expect(id("home_storm") == "stormrange_home__storm")
    #expect(id("Home-Storm2") == "stormrange_Home-Storm2")
    let prefixes = [
      "home/storm", "home_storm", "a\"b", "a\\b", "a'b", "Äb", "Öb", "a-b", "a_2db", "A", "a", "a_2d",
    ]
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
