import FoundationEssentials
import StormrangeBase
import StormrangeDetectors
import StormrangeLocated
import StormrangeShell
import StormrangeStore

/// What `mqtt` publishes and records, apart from the network, which the executable's runner drives
/// with libmosquitto: the messages for a new connection, the status whenever it was computed again,
/// and what a message on a subscribed topic records.
///
/// The status comes from ``LiveStatus``, as `watch` shows it: computed after every change to the
/// history and whenever it changes with time, and once a minute while a storm is current. Every
/// message is retained, so each new connection publishes the whole state again: availability, the
/// discovery configs (each sensor's entities among them), the status and each sensor's summary. A reading from a subscribed topic is
/// saved before anything about it is published, so a broker that goes away loses none.
package final class MQTTService {
  package let options: MQTTOptions
  package let status: LiveStatus
  package let topics: MQTTTopics
  let discovery: HomeAssistantDiscovery?
  /// Each sensor's summary (JSON), by source, as last published.
  var sensorSummaries: [String: String] = [:]
  /// The readers of detector messages, one per format (``ingest(_:as:)``).
  var readers: [DetectorFormat: DetectorIngest] = [:]
  /// The recorders of located strikes, one per format, made when its first message comes
  /// (``ingest(_:as:)``).
  var locatedRecorders: [LocatedFormat: LocatedRecorder] = [:]
  /// Whether a located message changed an entry in place since the status was last computed.
  var locatedChanged = false
  /// When the located sources' summaries were last written (monotonic seconds; the first message's
  /// time until then).
  var lastLocatedSummary: Double?
  /// The sensors forgotten since the last messages were published, whose retained summaries are
  /// to be cleared, so that the broker keeps no more of them than stormrange does.
  var forgottenSensors: [String] = []
  /// The sensors whose Home Assistant entities' configs are published (``discoveryOfNewSensor(_:)``).
  var discoveredSensors: Set<String> = []
  /// Warnings about messages so far.
  var warnings = 0
  /// The problem with the history last reported, so that it is reported once.
  private var reportedProblem: StormrangeError?
  /// Drops the output not yet written out: the confirmations of readings whose save failed. The
  /// runner sets it; its console holds nothing else when ``received(_:)`` runs.
  package var discardUnwritten: () -> Void = {}

  /// The longest payload read, in bytes: the 4 MiB a line of standard input may have
  /// (``InputLine/maximumLength``), far more than any detector's message. A longer one is refused
  /// with a warning; the runner also asks the broker not to send one at all.
  package static let maximumPayload = InputLine.maximumLength

  package init(options: MQTTOptions, status: LiveStatus, softwareVersion: String) {
    self.options = options
    self.status = status
    let topics = MQTTTopics(prefix: options.topicPrefix)
    self.topics = topics
    discovery = options.homeAssistantPrefix.map {
      HomeAssistantDiscovery(topics: topics, discoveryPrefix: $0, softwareVersion: softwareVersion)
    }
  }

  package var session: Session { status.session }

  /// The message the broker publishes when the connection is lost (the MQTT will).
  package var will: MQTTMessage { MQTTMessage(topic: topics.availability, payload: MQTTTopics.offline) }

  /// What is published before a clean end (a signal): the same.
  package var offline: MQTTMessage { will }

  /// The topic filters to subscribe to on every connection.
  var subscriptionFilters: [String] { options.subscriptions.map(\.filter) }

  /// Everything to publish on a new connection, the status as it is now: the broker may have lost
  /// what was retained (it restarted without persistence), and Home Assistant re-reads it all.
  /// `online` comes last: until then Home Assistant shows the entities unavailable, rather than the
  /// previous run's retained status (a storm that ended during the outage flashing "shelter now").
  package func connected() -> [MQTTMessage] {
    var messages = (discovery?.clearedMessages ?? []) + (discovery?.messages ?? []) + discoveryOfKeptSensors()
    if let json = status.freshJSON() ?? status.lastJSON {
      messages.append(MQTTMessage(topic: topics.status, payload: json))
    }
    messages += sensorSummaries.keys.sorted().map {
      MQTTMessage(topic: topics.sensor($0), payload: sensorSummaries[$0]!)
    }
    messages.append(MQTTMessage(topic: topics.availability, payload: MQTTTopics.online))
    return messages
  }

  /// The status, when it was computed again: after the history changed on disk (`historyMayHaveChanged`:
  /// the change detector saw its file change), or when the moment came for it (see
  /// ``LiveStatus/nextComputation``). A history that cannot be read is reported once on standard
  /// error, and nothing is published until it can be read again.
  package func update(historyMayHaveChanged: Bool) -> [MQTTMessage] {
    if historyMayHaveChanged { status.reload() }
    if let problem = status.problem, problem != reportedProblem { session.report(problem) }
    reportedProblem = status.problem
    guard let json = status.freshJSON() else { return [] }
    return [MQTTMessage(topic: topics.status, payload: json)]
  }

  /// `the message is 52,428,800 bytes, more than the 4 MiB (4,194,304 bytes) a message may have; skipped`.
  static func tooLong(_ length: Int) -> String {
    "the message is \(ByteCount.text(length)), more than the \(maximumPayload >> 20) MiB "
      + "(\(ByteCount.text(maximumPayload))) a message may have; skipped"
  }

  /// The subscription a message on `topic` arrived through: the first whose filter matches.
  func subscription(for topic: String) -> MQTTSubscription? {
    options.subscriptions.first { MQTTTopic.matches(topic, filter: $0.filter) }
  }

  /// Seconds to hold back `pending` (messages that arrived and are not yet recorded) at the
  /// monotonic time `now`, so that more are saved with them; 0: record them now. Located strikes
  /// come many a second: they wait until the first of them is ``IngestStream/locatedSaveDelay``
  /// old, as `ingest` gathers them, so the history is not rewritten and the status computed again
  /// for each. Anything else (a detector's reading, which is rare and may say "shelter now") is
  /// recorded at once, with what waits; so are ``maximumHeld`` messages.
  package func holdingTime(for pending: [ReceivedMessage], now: Double) -> Double {
    guard let first = pending.first, pending.count < Self.maximumHeld else { return 0 }
    let onlyLocated = pending.allSatisfy { message in
      guard case .located? = subscription(for: message.topic)?.format else { return false }
      return true
    }
    guard onlyLocated else { return 0 }
    return max(0, first.arrival.monotonic + IngestStream.locatedSaveDelay - now)
  }

  /// The most messages held back (``holdingTime(for:now:)``): as many as `ingest` saves together.
  static let maximumHeld = 1000

  /// Records what the messages that arrived hold, saving them in one write (group commit) before
  /// anything is published; then the summaries of the sensors they came from, and the status.
  /// A retained message (one the broker kept from before, sent on subscribing) is old news, not a
  /// reading, and is skipped.
  package func received(_ messages: [ReceivedMessage]) -> [MQTTMessage] {
    let fresh = messages.filter { !$0.retained }
    guard !fresh.isEmpty else { return [] }
    session.beginGroup()
    var changedSources: Set<String> = []
    let before = session.recorded.count
    for message in fresh {
      guard let subscription = subscription(for: message.topic) else { continue }
      guard !message.isTooLong else {
        warn("topic \(message.topic.escapedForDisplay): " + Self.tooLong(message.length))
        continue
      }
      switch subscription.format {
      case .detector(let format):
        if let source = ingest(message, as: format) { changedSources.insert(source) }
      case .located(let format):
        ingest(message, located: format)
      }
    }
    let recorded = session.recorded.count - before
    do {
      try session.commitGroup()
    } catch {
      // Nothing of the group is on disk: its confirmations go, the error says what was lost, and
      // the service goes on (the next save may succeed: a disk with room again).
      discardUnwritten()
      session.report(
        .invalidArgument(
          "\(error.message); "
            + (recorded == 1 ? "the reading that arrived was" : "the \(recorded) readings that arrived were")
            + " not recorded"))
    }
    if recorded > 0 || locatedChanged { status.historyChangedHere() }
    locatedChanged = false
    summariseLocated(now: session.clock.now().monotonic)
    // An empty retained message removes the retained one: first, so that a sensor forgotten and
    // heard again in the same messages ends with its new summary. Its entities' configs go before
    // its summary, so that Home Assistant removes them before their state empties; a new sensor's
    // come before its summary, which Home Assistant then reads as their state.
    var published = forgottenSensors.flatMap {
      discoveryRemoval(ofForgotten: $0) + [MQTTMessage(topic: topics.sensor($0), payload: "")]
    }
    forgottenSensors.removeAll()
    published += changedSources.sorted().flatMap(discoveryOfNewSensor)
    published += changedSources.sorted().compactMap { source in
      sensorSummaries[source].map { MQTTMessage(topic: topics.sensor(source), payload: $0) }
    }
    published += update(historyMayHaveChanged: true)
    return published
  }
}

/// A message that arrived on a subscribed topic.
package struct ReceivedMessage: Equatable, Sendable {
  package let topic: String
  /// Its payload; empty when it was too long to keep (``isTooLong``).
  package let payload: [UInt8]
  /// The payload's length as it arrived, in bytes.
  package let length: Int
  /// The broker kept it from before and sent it because of the subscription.
  package let retained: Bool
  /// When it arrived.
  package let arrival: Moment

  package init(topic: String, payload: [UInt8], retained: Bool, arrival: Moment) {
    self.init(topic: topic, payload: payload, length: payload.count, retained: retained, arrival: arrival)
  }

  /// A message whose payload of `length` bytes is over ``MQTTService/maximumPayload``: the client
  /// does not copy it, so that memory grows by no more than the library's own copy.
  package init(topic: String, tooLong length: Int, retained: Bool, arrival: Moment) {
    self.init(topic: topic, payload: [], length: length, retained: retained, arrival: arrival)
  }

  private init(topic: String, payload: [UInt8], length: Int, retained: Bool, arrival: Moment) {
    self.topic = topic
    self.payload = payload
    self.length = length
    self.retained = retained
    self.arrival = arrival
  }

  /// Whether the payload is over ``MQTTService/maximumPayload``, and refused.
  package var isTooLong: Bool { length > MQTTService.maximumPayload }
}
