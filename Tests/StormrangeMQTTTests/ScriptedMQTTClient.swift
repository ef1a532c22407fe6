@testable import StormrangeMQTT

/// An ``MQTTClient`` for the connection's tests: it answers `connect` as told, reports the events a
/// test queues, and records what it was asked to do.
final class ScriptedMQTTClient: MQTTClient {
  /// What each `connect` returns, in turn (0 when the list runs out).
  var connectCodes: [Int32] = []
  /// The events the next ``takeEvents()`` reports.
  var events: [MQTTClientEvent] = []
  var isOpen = true
  private(set) var speaksMQTT5 = true
  let maximumPacket = 16 << 20
  /// The code that stands for a TLS failure.
  static let tlsFailure: Int32 = 8

  private(set) var connections = 0
  private(set) var disconnections = 0
  private(set) var subscriptions: [String] = []
  /// What was published, and whether each was to be acknowledged.
  private(set) var published: [(message: MQTTMessage, acknowledged: Bool)] = []

  func connect(host: String, port: Int, keepAlive: Int) -> Int32 {
    connections += 1
    return connectCodes.isEmpty ? 0 : connectCodes.removeFirst()
  }

  func disconnect() { disconnections += 1 }

  func subscribe(_ filter: String) -> Int32 {
    subscriptions.append(filter)
    return 0
  }

  func publish(_ message: MQTTMessage, acknowledged: Bool) -> Result<Int32, MQTTClientFailure> {
    published.append((message, acknowledged))
    return .success(Int32(published.count))
  }

  func takeEvents() -> [MQTTClientEvent] {
    defer { events.removeAll() }
    return events
  }

  func speakOlderProtocol() { speaksMQTT5 = false }

  /// The broker's answer read as the real client reads it, in the protocol spoken now.
  func refusal(of code: Int32) -> MQTTRefusal { MQTTRefusal(connack: code, mqtt5: speaksMQTT5) }

  func refusalText(of code: Int32) -> String { "refusal \(code)" }

  func text(of code: Int32) -> String { "error \(code)" }

  func isTLSFailure(_ code: Int32) -> Bool { code == Self.tlsFailure }
}
