/// A message `mqtt` publishes. Every one is retained (the broker keeps the last on each topic for
/// whoever subscribes later, Home Assistant after a restart) and is the whole state of its topic,
/// published again on every connection; so QoS 0 is enough, and the runner uses it (its `publish`
/// says why), but for `offline` at a signal, which it waits for the broker to acknowledge.
package struct MQTTMessage: Equatable, Sendable {
  package let topic: String
  package let payload: String

  package init(topic: String, payload: String) {
    self.topic = topic
    self.payload = payload
  }
}

/// The topics `mqtt` publishes under `prefix`.
package struct MQTTTopics: Equatable, Sendable {
  package let prefix: String

  /// The status JSON, as `status --json` prints it.
  package var status: String { prefix + "/status" }
  /// `online` or `offline`; `offline` is also the will the broker publishes when the connection
  /// is lost.
  package var availability: String { prefix + "/availability" }
  /// The health summary of the detector `source` (a source name: letters, digits, `-`, `_`, `.`).
  package func sensor(_ source: String) -> String { prefix + "/sensors/" + source }

  static let online = "online"
  package static let offline = "offline"
}
