import StormrangeBase

extension HomeAssistantDiscovery {
  /// The unique id an entity is published with. The first release's entities keep theirs
  /// (``uniqueID(of:)``, which repeats the name for the default prefix:
  /// `stormrange_stormrange_shelter_now`), so that users keep their renames, areas and
  /// automations; the entities added since are `stormrange_ENTITY` for the default prefix, which
  /// does not repeat it, and the device's id and the entity's for another prefix.
  func publishedID(of entity: Entity) -> String {
    if entity.firstRelease { return uniqueID(of: entity) }
    let device = topics.prefix == MQTTOptions.defaultTopicPrefix ? "stormrange" : deviceID
    return device + "_" + entity.id
  }

  /// Who published the configs, as Home Assistant logs it beside each discovered entity (the
  /// `origin` that Zigbee2MQTT, ESPHome and rtl_433's discovery script send). No `support_url`:
  /// stormrange has no public home page to name yet.
  var origin: String {
    JSONText.object(["name": JSONText.string("stormrange"), "sw_version": JSONText.string(softwareVersion)])
  }
}
