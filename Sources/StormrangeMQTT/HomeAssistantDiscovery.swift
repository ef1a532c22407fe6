import StormrangeBase

/// Home Assistant's MQTT discovery configs for `mqtt --homeassistant`: one retained message per
/// entity under `<discovery prefix>/<component>/<unique_id>/config` (the topic Home Assistant's
/// documentation recommends for entities with a `unique_id`), all reading the one status topic
/// through a `value_template` into the status JSON (docs/formats.md, "Status as JSON") and sharing
/// one device and the availability topic.
///
/// Each template renders a number, an ISO 8601 timestamp, `ON` or `OFF`, or `None` when the status
/// has no such value, which Home Assistant (2024.6 and later) takes as the state "unknown". No
/// template can fail on a status whose objects are null: every path is guarded. Followed:
/// Home Assistant's MQTT discovery, MQTT sensor and MQTT binary sensor documentation as of 2025
/// (docs/formats.md, "Home Assistant discovery").
struct HomeAssistantDiscovery {
  let topics: MQTTTopics
  let discoveryPrefix: String
  let softwareVersion: String

  enum Component: String {
    case sensor
    case binarySensor = "binary_sensor"
  }

  struct Entity {
    let id: String
    let component: Component
    let name: String
    let template: String
    var deviceClass: String?
    var unit: String?
    /// Numbers measured over time (Home Assistant keeps their statistics); not a forecast.
    var measured = false
    /// A Material Design icon, where no device class gives one.
    var icon: String?
    /// A template rendering a JSON object from the status, the entity's attributes.
    var attributesTemplate: String?
    /// The decimals Home Assistant shows (the state keeps more, for templates and unit changes).
    var precision: Int?
    /// Published since the first release with the unique id `stormrange_PREFIX_ENTITY`, kept so
    /// that what users gave the entity (a name, an area, automations) stays with it.
    var firstRelease = false
    /// The topic its template reads: nil for the status; a sensor's summary for its entities
    /// (``sensorEntities(of:)``).
    var stateTopic: String?
    /// `diagnostic` for a detector's health, which Home Assistant shows apart from the storm.
    var category: String?
    /// A count since the service started (`total_increasing`: Home Assistant takes its drop at a
    /// restart as a new start, not as a count taken back).
    var counter = false
  }

  /// A JSON value as the template reads it: `value_json.a.b`, present only when every object on
  /// the way is.
  private static func guarded(_ path: String) -> String {
    var parts: [String] = []
    var prefix = "value_json"
    for key in path.split(separator: ".") {
      prefix += "." + key
      parts.append(prefix)
    }
    return parts.joined(separator: " and ")
  }

  /// `{{ … if … else None }}`: `value` when `path` holds a value, else None.
  private static func orNone(_ path: String, _ value: String) -> String {
    "{{ \(value) if \(guarded(path)) is not none else None }}"
  }

  /// A number of metres as km, 3 decimals (a metre).
  private static func kilometres(_ path: String) -> String {
    orNone(path, "(value_json.\(path) / 1000) | round(3)")
  }

  private static func timestamp(_ path: String) -> String { orNone(path, "value_json.\(path)") }

  /// A date rounded to the minute (`floor`, `ceil` or `common`: to the nearest), as ISO 8601 in
  /// UTC: a forecast that moves by seconds keeps its state, and the logbook an entry per change.
  private static func minute(_ path: String, _ method: String) -> String {
    orNone(
      path,
      "((as_timestamp(value_json.\(path)) / 60) | round(0, '\(method)') * 60)"
        + " | timestamp_custom('%Y-%m-%dT%H:%M:%S+00:00', false)")
  }

  /// A chance as a whole percentage inside a template, or none: for attributes.
  private static func percent(_ path: String) -> String {
    "((value_json.\(path) * 100) | round(0) if \(guarded(path)) is not none else none)"
  }

  /// A value inside a template, or none: for attributes.
  private static func plain(_ path: String) -> String {
    "(value_json.\(path) if \(guarded(path)) is not none else none)"
  }

  /// The latest measurement's other facts, so that its distance is read with them: where it was,
  /// how sure, from which detector, and how many measurements the storm has.
  private static let latestFacts =
    "{{ {'bearing_deg': " + plain("latest.bearing_deg") + ", 'uncertainty_km': "
    + "((value_json.latest.uncertainty_m / 1000) | round(3) if \(guarded("latest.uncertainty_m")) is not none else none)"
    + ", 'source': " + plain("latest.source") + ", 'measurements': " + plain("storm.count") + "} | tojson }}"

  static let entities: [Entity] = [
    Entity(
      id: "shelter_now", component: .binarySensor, name: "Shelter now",
      template: "{{ 'ON' if value_json.advice.level == 'shelter-now' else 'OFF' }}", deviceClass: "safety",
      firstRelease: true),
    Entity(
      id: "lightning_within_10km", component: .binarySensor, name: "Lightning within 10 km",
      template: "{{ 'ON' if value_json.advice.within_10km else 'OFF' }}", icon: "mdi:flash-alert",
      firstRelease: true),
    Entity(
      id: "latest_distance", component: .sensor, name: "Latest distance",
      template: kilometres("latest.distance_m"), deviceClass: "distance", unit: "km", measured: true,
      attributesTemplate: latestFacts, precision: 1, firstRelease: true),
    // How old the latest distance is: a restart gives it a fresh last_changed, not its flash's time.
    Entity(
      id: "latest_flash", component: .sensor, name: "Latest flash", template: timestamp("latest.date"),
      deviceClass: "timestamp"),
    Entity(
      id: "range_rate", component: .sensor, name: "Range rate",
      template: orNone("trend.rate_mps", "(value_json.trend.rate_mps * 3.6) | round(1)"),
      deviceClass: "speed", unit: "km/h", measured: true, precision: 1, firstRelease: true),
    // A forecast, not a measurement: no state_class, so Home Assistant keeps no statistics of it.
    Entity(
      id: "within_10km_chance", component: .sensor, name: "Within 10 km chance",
      template: orNone("trend.within_10km_chance", "(value_json.trend.within_10km_chance * 100) | round(0)"),
      unit: "%", icon: "mdi:weather-lightning", precision: 0),
    // stormrange's own verdict, so an automation can follow it, with the chances behind it.
    Entity(
      id: "direction", component: .sensor, name: "Direction",
      template: orNone("trend.direction", "value_json.trend.direction"), icon: "mdi:compass-outline",
      attributesTemplate: "{{ {'chance_approaching': " + percent("trend.chance_approaching")
        + ", 'chance_receding': " + percent("trend.chance_receding") + "} | tojson }}"),
    // Rounded outward, as the text rounds them: the window shown is never narrower than forecast.
    Entity(
      id: "within_10km_earliest", component: .sensor, name: "Within 10 km earliest",
      template: minute("trend.within_10km_earliest", "floor"), deviceClass: "timestamp", firstRelease: true),
    Entity(
      id: "within_10km_latest", component: .sensor, name: "Within 10 km latest",
      template: minute("trend.within_10km_latest", "ceil"), deviceClass: "timestamp", firstRelease: true),
    // A forecast too: no statistics.
    Entity(
      id: "closest_distance", component: .sensor, name: "Closest approach",
      template: kilometres("motion.closest_m"), deviceClass: "distance", unit: "km", precision: 1,
      firstRelease: true),
    Entity(
      id: "closest_time", component: .sensor, name: "Closest approach time",
      template: timestamp("motion.closest_at"), deviceClass: "timestamp", firstRelease: true),
    Entity(
      id: "all_clear", component: .sensor, name: "All clear",
      template: timestamp("advice.all_clear_at"), deviceClass: "timestamp", firstRelease: true),
    // The storm's cells (issue 33): the entities above describe the leading one.
    Entity(
      id: "cells", component: .sensor, name: "Cells",
      template: "{{ value_json.cells | rejectattr('storm.over') | list | length }}",
      measured: true, icon: "mdi:weather-lightning-rainy"),
    Entity(
      id: "leading_bearing", component: .sensor, name: "Leading cell bearing",
      template: orNone("latest.bearing_deg", "(value_json.latest.bearing_deg | round(0)) % 360"), unit: "°",
      icon: "mdi:compass-outline", precision: 0),
  ]

  /// `stormrange_<prefix>`, the prefix escaped one to one into what Home Assistant allows in an ID:
  /// ASCII letters, digits and `-` as they are, `_` as `__`, every other byte of its UTF-8 as `_xx`
  /// (lowercase hex): `home/storm` → `home_2fstorm`, `home_storm` → `home__storm`. So two prefixes
  /// are never one device, and every prefix that was never ambiguous (the default among them) keeps
  /// the ids it always had, which automations name.
  var deviceID: String { "stormrange_" + Self.escaped(topics.prefix) }

  static func escaped(_ prefix: String) -> String {
    var result = ""
    for byte in prefix.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      case UInt8(ascii: "_"): result += "__"
      default:
        let hex = String(byte, radix: 16)
        result += "_" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return result
  }

  /// The device id before issue 29: every character but ASCII letters, digits, `_` and `-` as `_`,
  /// which made `home/storm` and `home_storm` one device.
  private var earlierDeviceID: String {
    let allowed = { (scalar: Unicode.Scalar) in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-")
    }
    return "stormrange_"
      + String(String.UnicodeScalarView(topics.prefix.unicodeScalars.map { allowed($0) ? $0 : "_" }))
  }

  func uniqueID(of entity: Entity) -> String { deviceID + "_" + entity.id }

  /// `homeassistant/sensor/UNIQUE_ID/config`.
  func topic(of entity: Entity, uniqueID: String) -> String {
    "\(discoveryPrefix)/\(entity.component.rawValue)/\(uniqueID)/config"
  }

  /// Where the id changed with issue 29, an empty retained message for each config under the earlier
  /// one, which removes it, so that Home Assistant keeps no second entity (`…_2`); none where the
  /// id is the same.
  var clearedMessages: [MQTTMessage] {
    guard earlierDeviceID != deviceID else { return [] }
    // Only the first release's entities were ever published under the earlier id.
    return Self.entities.filter(\.firstRelease).map {
      MQTTMessage(topic: topic(of: $0, uniqueID: earlierDeviceID + "_" + $0.id), payload: "")
    }
  }

  /// The retained config of every entity.
  var messages: [MQTTMessage] {
    Self.entities.map { entity in
      MQTTMessage(
        topic: topic(of: entity, uniqueID: publishedID(of: entity)),
        payload: config(of: entity))
    }
  }

  func config(of entity: Entity) -> String {
    let stateTopic = entity.stateTopic ?? topics.status
    var members: [(String, String)] = [
      ("name", JSONText.string(entity.name)),
      ("unique_id", JSONText.string(publishedID(of: entity))),
      ("state_topic", JSONText.string(stateTopic)),
      ("value_template", JSONText.string(entity.template)),
      ("availability_topic", JSONText.string(topics.availability)),
      ("payload_available", JSONText.string(MQTTTopics.online)),
      ("payload_not_available", JSONText.string(MQTTTopics.offline)),
    ]
    if entity.component == .binarySensor {
      members += [("payload_on", JSONText.string("ON")), ("payload_off", JSONText.string("OFF"))]
    }
    if let deviceClass = entity.deviceClass { members.append(("device_class", JSONText.string(deviceClass))) }
    if let unit = entity.unit { members.append(("unit_of_measurement", JSONText.string(unit))) }
    if entity.measured { members.append(("state_class", JSONText.string("measurement"))) }
    if entity.counter { members.append(("state_class", JSONText.string("total_increasing"))) }
    if let category = entity.category { members.append(("entity_category", JSONText.string(category))) }
    if let precision = entity.precision { members.append(("suggested_display_precision", String(precision))) }
    if let icon = entity.icon { members.append(("icon", JSONText.string(icon))) }
    if let attributes = entity.attributesTemplate {
      members += [
        ("json_attributes_topic", JSONText.string(stateTopic)),
        ("json_attributes_template", JSONText.string(attributes)),
      ]
    }
    members += [("device", device), ("origin", origin)]
    return "{" + members.map { JSONText.string($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
  }

  /// The device every entity belongs to: one per topic prefix.
  private var device: String {
    let name =
      topics.prefix == MQTTOptions.defaultTopicPrefix ? "stormrange" : "stormrange (\(topics.prefix))"
    return JSONText.object([
      "identifiers": "[" + JSONText.string(deviceID) + "]", "name": JSONText.string(name),
      "manufacturer": JSONText.string("stormrange"), "model": JSONText.string("stormrange mqtt"),
      "sw_version": JSONText.string(softwareVersion),
    ])
  }
}
