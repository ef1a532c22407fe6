import StormrangeBase

/// `--subscribe TOPIC=FORMAT`: a topic filter (MQTT wildcards allowed) whose messages are read as
/// `ingest FORMAT` reads its lines.
public struct MQTTSubscription: Equatable, Sendable {
  public let filter: String
  public let format: Format

  /// What the messages hold; the names are `ingest`'s formats.
  public enum Format: String, CaseIterable, Sendable {
    /// rtl_433's JSON (`rtl_433 -F mqtt`'s events topic, or `-F json` lines).
    case rtl433
    /// Tasmota's `tele/<topic>/SENSOR` with an `AS3935` object.
    case tasmota
    /// A bare distance in km (ESPHome and others).
    case km
  }

  public init(filter: String, format: Format) {
    self.filter = filter
    self.format = format
  }

  /// Reads `TOPIC=FORMAT`; the topic is up to the last `=`, since a format has none.
  init(parsing text: String) throws(StormrangeError) {
    let formats = Format.allCases.map(\.rawValue).joined(separator: ", ")
    let example = "e.g. --subscribe 'tele/+/SENSOR=tasmota'"
    guard let equals = text.lastIndex(of: "=") else {
      throw .invalidArgument(
        "--subscribe takes TOPIC=FORMAT, FORMAT one of \(formats); '\(text.escapedForDisplay)' has no =; \(example)"
      )
    }
    let topic = String(text[..<equals])
    let name = String(text[text.index(after: equals)...])
    guard let format = Format(rawValue: name.asciiLowercased) else {
      throw .invalidArgument(
        "'\(name.escapedForDisplay)' is not a format --subscribe knows; use one of \(formats); \(example)")
    }
    if let problem = MQTTTopic.problem(withFilter: topic) {
      throw .invalidArgument("'\(topic.escapedForDisplay)' is not a topic to subscribe to: \(problem)")
    }
    self.init(filter: topic, format: format)
  }
}
