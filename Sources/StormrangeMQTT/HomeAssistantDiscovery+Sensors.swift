/// Each detector's health as Home Assistant entities of its own (issue 29, item 17), as rtl_433's
/// discovery script and Zigbee2MQTT give each device's: when it was last heard (a sensor gone
/// quiet, its battery flat or out of range, shows as an old time) and the readings it gave, with
/// its other counts (noise, disturbers, strikes not recorded…) as attributes. Both read the
/// sensor's summary at `PREFIX/sensors/SOURCE` (docs/formats.md, "The sensor summary"), which has
/// no battery, so there is no battery entity. They are diagnostic (`entity_category`), so Home
/// Assistant shows them apart from the storm's entities, on the same device.
extension HomeAssistantDiscovery {
  /// The summary's `key` inside a template, or none: present only when the payload is a JSON object
  /// holding it, not null. A payload that is no JSON object (an empty one clears the summary) has
  /// no `value_json`, and a summary may lack a key added later: no template fails on either.
  static func summaryValue(_ key: String) -> String {
    "(value_json.\(key) if value_json is mapping and value_json.\(key) is defined"
      + " and value_json.\(key) is not none else none)"
  }

  /// The summary's counts besides the readings, as the readings entity's attributes.
  static let summaryAttributes = [
    "detector", "messages", "repeats", "strikes_not_recorded", "resets", "wraps", "noise", "disturbers",
    "other_events",
  ]

  /// The entities of the sensor named `source`, reading its summary: unique ids in the scheme of
  /// the entities added since the first release (``publishedID(of:)``), with the source escaped one
  /// to one as a prefix is in the device id (``escaped(_:)``), so that no two sources share one.
  func sensorEntities(of source: String) -> [Entity] {
    let id = "sensor_" + Self.escaped(source) + "_"
    let summary = topics.sensor(source)
    return [
      Entity(
        id: id + "last_heard", component: .sensor, name: source + " last heard",
        template: "{{ " + Self.summaryValue("last_message") + " }}", deviceClass: "timestamp",
        stateTopic: summary, category: "diagnostic"),
      // Counted since the service started: `total_increasing` takes the drop at a restart as a
      // new start, not as readings taken back.
      Entity(
        id: id + "readings", component: .sensor, name: source + " readings",
        template: "{{ " + Self.summaryValue("readings") + " }}", icon: "mdi:flash",
        attributesTemplate: "{{ {"
          + Self.summaryAttributes.map { "'\($0)': " + Self.summaryValue($0) }.joined(separator: ", ")
          + "} | tojson }}",
        stateTopic: summary, category: "diagnostic", counter: true),
    ]
  }

  /// The retained configs of the entities of the sensor `source`: published when it is first heard
  /// and on every connection, as long as it is kept (``DetectorIngest/maximumSensors``).
  func sensorMessages(of source: String) -> [MQTTMessage] {
    sensorEntities(of: source).map { entity in
      MQTTMessage(topic: topic(of: entity, uniqueID: publishedID(of: entity)), payload: config(of: entity))
    }
  }

  /// An empty retained message at each config of the sensor `source`, which removes its entities:
  /// for a sensor forgotten, so Home Assistant keeps no more of them than stormrange does.
  func sensorRemoval(of source: String) -> [MQTTMessage] {
    sensorMessages(of: source).map { MQTTMessage(topic: $0.topic, payload: "") }
  }
}
