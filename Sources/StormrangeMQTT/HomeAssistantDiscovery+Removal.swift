extension HomeAssistantDiscovery {
  /// What removes the device from Home Assistant (`mqtt --homeassistant-remove`): an empty
  /// retained message at every config topic, which deletes the retained config at the broker and,
  /// as Home Assistant's MQTT discovery reads it, the entity; the device goes with its last entity.
  /// The status and availability retained under the prefix are cleared too, so that nothing of a
  /// prefix no longer used stays at the broker.
  var removal: [MQTTMessage] {
    (messages.map(\.topic) + [topics.status, topics.availability]).map { MQTTMessage(topic: $0, payload: "") }
  }
}
