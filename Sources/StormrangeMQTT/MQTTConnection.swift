import StormrangeBase
import StormrangeShell

/// The state machine of `mqtt`'s connection to the broker, over an ``MQTTClient``; the executable's
/// `MQTTRunner` waits in poll(2), has the client read and write, and tells this what happened.
///
/// A broker that cannot be reached, at the start or later, is tried again after
/// ``ReconnectBackoff``'s wait (1 s, doubling up to 30 s), and on every connection the
/// subscriptions are made and everything retained is published again (``MQTTService/connected()``).
/// A broker that does not speak MQTT 5 is spoken 3.1.1 to, at once. A refused login, any other
/// refusal but "unavailable", or TLS that fails ends the service with the error. Every change of
/// the connection is a line of the service's log.
package final class MQTTConnection {
  package enum State {
    case disconnected
    /// The login was sent; the broker has not answered yet.
    case connecting
    case connected
  }

  /// The keep-alive interval the broker is told, in seconds: it drops a client silent for 1.5 times
  /// that, and publishes its will.
  package static let keepAlive = 60
  /// The longest the loop sleeps while connected, so that the keep-alive is kept (seconds).
  static let keepAliveCheck: Double = 10

  package let service: MQTTService
  private let client: any MQTTClient
  /// Writes a line of the service's log (standard error).
  private let log: (String) -> Void
  package private(set) var state = State.disconnected
  private var backoff = ReconnectBackoff()
  /// When to try the broker again (monotonic seconds).
  private(set) var retryAt: Double = 0
  private var received: [ReceivedMessage] = []

  package init(service: MQTTService, client: any MQTTClient, log: @escaping (String) -> Void) {
    self.service = service
    self.client = client
    self.log = log
  }

  private var broker: String { service.options.broker.description }
  private var now: Double { service.session.clock.now().monotonic }

  /// How long the loop may wait before this has something to do (seconds): the next try while
  /// disconnected, else the keep-alive's check.
  package var wait: Double { state == .disconnected ? max(0, retryAt - now) : Self.keepAliveCheck }

  /// Tries the broker when disconnected and its wait is over.
  package func connectIfDue() throws(StormrangeError) {
    guard state == .disconnected, now >= retryAt else { return }
    let code = client.connect(
      host: service.options.broker.host, port: service.options.broker.port, keepAlive: Self.keepAlive)
    if code == 0 {
      state = .connecting
    } else if client.isTLSFailure(code) {
      throw tlsFailed()
    } else {
      scheduleRetry(after: "cannot reach the broker at \(broker): \(client.text(of: code))")
    }
  }

  /// The client read, wrote and kept the connection alive, with `failure` (0: none): acts on what
  /// it reported, and notices a connection that ended.
  package func exchanged(failure: Int32) throws(StormrangeError) {
    if client.isTLSFailure(failure) { throw tlsFailed() }
    try handle(client.takeEvents())
    if state != .disconnected, !client.isOpen { lost(client.text(of: failure)) }
  }

  /// The messages that arrived on subscribed topics since the last call.
  package func takeReceived() -> [ReceivedMessage] {
    defer { received.removeAll() }
    return received
  }

  /// Publishes `messages` with QoS 0: each is the latest state of its topic, published again on
  /// every connection, so one lost with a connection is replaced when it comes back. With QoS 1
  /// the broker's acknowledgements hold up what it sends stormrange next (its Nagle's algorithm
  /// waits for stormrange's delayed ACK of each): a message on a subscribed topic took 63 ms to its
  /// status at the broker, against 16 ms (Benchmarks/bench_mqtt.py).
  package func publish(_ messages: [MQTTMessage]) {
    guard state == .connected else { return }  // all of it is published again on connecting
    for message in messages { client.publish(message, acknowledged: false) }
  }

  /// Publishes `offline` before a clean end, asking the broker to acknowledge it; the id to wait
  /// for, or nil when there is no connection to publish on. A clean disconnect does not trigger the
  /// will, so this is how subscribers learn the service stopped.
  package func goOffline() -> Int32? {
    guard state == .connected, case .success(let id) = client.publish(service.offline, acknowledged: true)
    else {
      return nil
    }
    return id
  }

  private func handle(_ events: [MQTTClientEvent]) throws(StormrangeError) {
    for event in events {
      switch event {
      case .connected(let code) where client.refusal(of: code) == .none:
        state = .connected
        backoff.succeeded()
        log("connected to the broker at \(broker)")
        for filter in service.subscriptionFilters {
          let result = client.subscribe(filter)
          if result != 0 {
            log("cannot subscribe to \(filter.escapedForDisplay): \(client.text(of: result))")
          }
        }
        publish(service.connected())
      case .connected(let code) where client.refusal(of: code) == .protocolVersion && client.speaksMQTT5:
        // A broker older than MQTT 5 (mosquitto before 1.6): speak 3.1.1 to it, at once.
        client.speakOlderProtocol()
        state = .disconnected
        client.disconnect()
        retryAt = now
        log(
          "the broker at \(broker) does not speak MQTT 5; speaking MQTT 3.1.1 to it, which cannot ask it to hold "
            + "back packets over \(client.maximumPacket >> 20) MiB (they are refused as they arrive)")
      case .connected(let code) where client.refusal(of: code) == .login:
        throw .broker(
          "the broker at \(broker) refused the login (\(client.refusalText(of: code))): check --username and the "
            + "password in \(MQTTOptions.passwordVariable) or the --password-file")
      case .connected(let code) where client.refusal(of: code) == .unavailable:
        // The broker is there but cannot serve now: like one that cannot be reached.
        lost(client.refusalText(of: code))
      case .connected(let code):
        throw .broker("the broker at \(broker) refused the connection: \(client.refusalText(of: code))")
      case .disconnected(let code):
        if state != .disconnected { lost(client.text(of: code)) }
      case .message(let message):
        received.append(message)
      case .published:
        break
      }
    }
  }

  /// The connection ended: try again after the backoff's wait.
  private func lost(_ reason: String) {
    let wasConnected = state == .connected
    state = .disconnected
    client.disconnect()
    scheduleRetry(
      after: wasConnected
        ? "lost the connection to the broker at \(broker): \(reason)"
        : "the broker at \(broker) did not take the connection: \(reason)")
  }

  private func scheduleRetry(after problem: String) {
    let delay = backoff.failed()
    retryAt = now + delay
    log("\(problem); trying again in \(Int(delay)) s")
  }

  private func tlsFailed() -> StormrangeError {
    let trust =
      service.options.caFile.map { "a certificate authority in --cafile \($0) (PEM)" }
      ?? "one of the system's certificate authorities (or give --cafile)"
    return .broker(
      "TLS with the broker at \(broker) failed: check that the port speaks TLS (mqtts://, usually 8883) and "
        + "that its certificate, for that host name, is signed by \(trust)")
  }
}
