/// Where the service meets `ingest`'s reading of detector messages: the one function the subscribe
/// path calls.
extension MQTTService {
  /// Records what `message` holds, read as `format`, and keeps the summary of each sensor it came
  /// from (``setSummary(_:of:)``); returns those sensors' sources.
  func ingest(_ message: ReceivedMessage, as format: MQTTSubscription.Format) -> Set<String> {
    // Pointed at ingest's parser when it lands (issue 21, item 2).
    []
  }
}
