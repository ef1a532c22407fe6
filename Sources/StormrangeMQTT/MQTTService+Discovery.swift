/// The Home Assistant entities of each sensor heard (``HomeAssistantDiscovery/sensorEntities(of:)``),
/// kept in step with the sensors' summaries: published when a sensor is first heard, cleared when
/// it is forgotten, published again on every connection.
extension MQTTService {
  /// The configs of the sensor `source`'s entities when they are not published yet (it was just
  /// heard for the first time, or again after it was forgotten); none without `--homeassistant`.
  func discoveryOfNewSensor(_ source: String) -> [MQTTMessage] {
    guard let discovery, discoveredSensors.insert(source).inserted else { return [] }
    return discovery.sensorMessages(of: source)
  }

  /// Empty retained messages at the configs of the forgotten sensor `source`'s entities.
  func discoveryRemoval(ofForgotten source: String) -> [MQTTMessage] {
    guard let discovery, discoveredSensors.remove(source) != nil else { return [] }
    return discovery.sensorRemoval(of: source)
  }

  /// The configs of every sensor kept, for a new connection: the broker may have lost them.
  func discoveryOfKeptSensors() -> [MQTTMessage] {
    guard let discovery else { return [] }
    discoveredSensors = Set(sensorSummaries.keys)
    return sensorSummaries.keys.sorted().flatMap(discovery.sensorMessages(of:))
  }
}
