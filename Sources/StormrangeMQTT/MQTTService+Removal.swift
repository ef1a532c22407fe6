extension MQTTService {
  /// What `--homeassistant-remove` publishes: ``HomeAssistantDiscovery/removal`` for this prefix.
  package var removal: [MQTTMessage] {
    HomeAssistantDiscovery(
      topics: topics, discoveryPrefix: options.homeAssistantPrefix ?? MQTTOptions.defaultHomeAssistantPrefix,
      softwareVersion: ""
    ).removal
  }
}
