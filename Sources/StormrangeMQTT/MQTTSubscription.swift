import StormrangeBase
import StormrangeDetectors
import StormrangeShell

/// `--subscribe TOPIC=FORMAT`: a topic filter (MQTT wildcards allowed) whose messages are read as
/// `ingest FORMAT` reads its lines.
struct MQTTSubscription: Equatable, Sendable {
  package let filter: String
  package let format: IngestFormat

  package init(filter: String, format: IngestFormat) {
    self.filter = filter
    self.format = format
  }

  /// Reads `TOPIC=FORMAT`; the topic is up to the last `=`, since a format has none.
  init(parsing text: String) throws(StormrangeError) {
    let example = "e.g. --subscribe 'tele/+/SENSOR=tasmota'"
    guard let equals = text.lastIndex(of: "=") else {
      throw .invalidArgument(
        "--subscribe takes TOPIC=FORMAT, FORMAT \(IngestFormat.choices); '\(text.escapedForDisplay)' has no =; "
          + example)
    }
    let topic = String(text[..<equals])
    let name = String(text[text.index(after: equals)...])
    guard let format = IngestFormat(word: name) else {
      throw .invalidArgument(
        "'\(name.escapedForDisplay)' is not a format --subscribe knows; use \(IngestFormat.choices); \(example)"
      )
    }
    if let problem = MQTTTopic.problem(withFilter: topic) {
      throw .invalidArgument("'\(topic.escapedForDisplay)' is not a topic to subscribe to: \(problem)")
    }
    self.init(filter: topic, format: format)
  }
}
