import StormrangeBase
import StormrangeMQTT
import StormrangeShell

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `mqtt --homeassistant-remove`: connects once, publishes ``MQTTService/removal`` (an empty
/// retained message at each discovery config topic and at the prefix's status and availability),
/// each with QoS 1, waits for the broker to acknowledge them all, and ends. A one-off chore, not a
/// service: a broker that cannot be reached, or does not answer within ``limit``, ends it with
/// the error, status 1, rather than trying again.
final class HomeAssistantRemovalRunner {
  /// The longest it waits for the connection and the acknowledgements (seconds).
  static let limit: Double = 20

  private let service: MQTTService
  private let console: Console
  private let client: MosquittoClient

  init(service: MQTTService, console: Console, environment: [String: String]) throws(StormrangeError) {
    self.service = service
    self.console = console
    client = try MosquittoClient(clock: service.session.clock)
    let options = service.options
    // The will clears the availability too, should the connection drop halfway.
    try client.configure(
      will: MQTTMessage(topic: service.topics.availability, payload: ""), username: options.username,
      password: try options.password(environment: environment), tls: options.broker.usesTLS,
      caFile: options.caFile)
  }

  private var now: Double { service.session.clock.now().monotonic }

  func run() throws(StormrangeError) {
    let broker = service.options.broker
    let code = client.connect(host: broker.host, port: broker.port, keepAlive: MQTTConnection.keepAlive)
    guard code == 0 else { throw .broker("cannot reach the broker at \(broker): \(client.text(of: code))") }
    let deadline = now + Self.limit
    var waiting: Set<Int32>?
    while waiting.map({ !$0.isEmpty }) ?? true {
      guard now < deadline, client.socket >= 0 else {
        throw .broker("the broker at \(broker) did not take the removal within \(Int(Self.limit)) s")
      }
      var descriptor = pollfd(
        fd: client.socket, events: Int16(POLLIN) | (client.wantsWrite ? Int16(POLLOUT) : 0), revents: 0)
      _ = poll(&descriptor, 1, 100)
      if descriptor.revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 { _ = client.read() }
      if client.socket >= 0, descriptor.revents & Int16(POLLOUT) != 0 { _ = client.write() }
      for event in client.takeEvents() {
        switch event {
        case .connected(let code) where code == 0:
          waiting = Set(
            service.removal.compactMap { message in
              guard case .success(let id) = client.publish(message, acknowledged: true) else { return nil }
              return id
            })
        case .connected(let code):
          throw .broker("the broker at \(broker) refused the connection: \(client.refusalText(of: code))")
        case .published(let id):
          waiting?.remove(id)
        case .disconnected, .message:
          break
        }
      }
    }
    client.disconnect()
    if client.socket >= 0 { _ = client.write() }
    console.errors.write(
      "stormrange: removed the Home Assistant device of \(service.topics.prefix.escapedForDisplay) "
        + "from the broker at \(broker)\n")
    console.flush()
  }
}
