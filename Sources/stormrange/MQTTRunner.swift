import StormrangeBase
import StormrangeKit
import StormrangeStore

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `mqtt`: keeps a connection to the broker and publishes what ``MQTTService`` decides, in one
/// loop with `watch`'s machinery (``WatchRunner``: the history's change detector, the wait in
/// poll(2) for a signal, a change or the next status due), the client's socket added to it.
///
/// A broker that cannot be reached, at the start or later, is tried again after
/// ``ReconnectBackoff``'s wait (1 s, doubling up to 30 s), and on every connection everything
/// retained is published again. A refused login or TLS that fails ends the service with the
/// error, status 1. SIGTERM, SIGINT and SIGHUP publish `offline` (waiting at most
/// ``offlineWait`` for the broker's acknowledgement) and end it with status 0: the normal way to
/// stop a service.
final class MQTTRunner {
  private enum State {
    case disconnected
    /// The login was sent; the broker has not answered yet.
    case connecting
    case connected
  }

  /// The keep-alive interval the broker is told, in seconds: it drops a client silent for 1.5 times
  /// that, and publishes its will.
  static let keepAlive = 60
  /// The longest the loop sleeps while connected, so that the keep-alive is kept (seconds).
  static let keepAliveCheck: Double = 10
  /// The most packets, and payload bytes, read before what arrived is saved and published: a burst
  /// is saved in one write, and what is held meanwhile stays bounded.
  static let drainPackets = 10_000
  static let drainBytes = 16 << 20
  /// The longest a signal waits for the broker to acknowledge `offline` (seconds).
  static let offlineWait: Double = 5

  private let service: MQTTService
  private let console: Console
  private let watch: WatchRunner
  private let client: MosquittoClient
  private var state = State.disconnected
  private var backoff = ReconnectBackoff()
  /// When to try the broker again (monotonic seconds).
  private var retryAt: Double = 0
  private var received: [ReceivedMessage] = []

  init(service: MQTTService, console: Console, polling: Bool, environment: [String: String])
    throws(StormrangeError)
  {
    self.service = service
    self.console = console
    watch = WatchRunner(status: service.status, console: console, polling: polling)
    client = try MosquittoClient(clock: service.session.clock)
    service.discardUnwritten = { [console] in console.discardUnflushed() }
    // A history moved aside for a moment is not an empty one: a reading then is refused, not
    // saved into a new file in its place.
    service.session.history.keepsItsFile = true
    let options = service.options
    try client.configure(
      will: service.will, username: options.username,
      password: try options.password(environment: environment),
      tls: options.broker.usesTLS, caFile: options.caFile)
  }

  private var broker: String { service.options.broker.description }
  private var now: Double { service.session.clock.now().monotonic }

  func run() throws(StormrangeError) {
    var historyMayHaveChanged = true
    while Signals.pending == 0 {
      if state == .disconnected, now >= retryAt { try connect() }
      publish(service.update(historyMayHaveChanged: historyMayHaveChanged))
      if !received.isEmpty {
        let messages = received
        received.removeAll()
        publish(service.received(messages))
      }
      console.flush()
      let socket = client.socket
      let interest = Int16(POLLIN) | (client.wantsWrite ? Int16(POLLOUT) : 0)
      let events = watch.wait(
        keys: -1, resize: -1, ticking: false,
        also: socket >= 0 ? pollfd(fd: socket, events: interest, revents: 0) : nil,
        until: state == .disconnected ? max(0, retryAt - now) : Self.keepAliveCheck)
      historyMayHaveChanged = events.historyMayHaveChanged
      try exchange(ready: socket >= 0 ? events.also : 0)
    }
    goOffline()
    console.flush()
    // The signal is how a service is meant to end: status 0 (as a one-shot `watch`).
    _ = Signals.take()
  }

  /// Reads and writes what the socket is ready for, keeps the connection alive, and acts on what
  /// libmosquitto reported.
  private func exchange(ready: Int16) throws(StormrangeError) {
    var failure: Int32 = 0
    if ready & Int16(POLLIN | POLLERR | POLLHUP) != 0 {
      failure = client.read()
      // libmosquitto reads one packet a call: drain what else has arrived, so that a burst is
      // saved in one write (guarantee 23), up to a bound on the payloads held meanwhile.
      var packets = 1
      while failure == 0, packets < Self.drainPackets, client.pendingPayloadBytes < Self.drainBytes,
        client.hasMoreToRead
      {
        failure = client.read()
        packets += 1
      }
    }
    if failure == 0, client.socket >= 0, ready & Int16(POLLOUT) != 0 { failure = client.write() }
    if failure == 0, client.socket >= 0 { failure = client.keepAlive() }
    if MosquittoFailure(code: failure).isTLS { throw tlsFailed() }
    try handle(client.takeEvents())
    if state != .disconnected, client.socket < 0 { lost(client.text(of: failure)) }
  }

  private func connect() throws(StormrangeError) {
    let code = client.connect(
      host: service.options.broker.host, port: service.options.broker.port, keepAlive: Self.keepAlive)
    if code == 0 {
      state = .connecting
    } else if MosquittoFailure(code: code).isTLS {
      throw tlsFailed()
    } else {
      scheduleRetry(after: "cannot reach the broker at \(broker): \(client.text(of: code))")
    }
  }

  private func handle(_ events: [MosquittoClient.Event]) throws(StormrangeError) {
    for event in events {
      switch event {
      case .connected(let code) where client.refusal(of: code) == .none:
        state = .connected
        backoff.succeeded()
        say("connected to the broker at \(broker)")
        for filter in service.subscriptionFilters {
          let result = client.subscribe(filter)
          if result != 0 {
            say("cannot subscribe to \(filter.escapedForDisplay): \(client.text(of: result))")
          }
        }
        publish(service.connected())
      case .connected(let code) where client.refusal(of: code) == .protocolVersion && client.speaksMQTT5:
        // A broker older than MQTT 5 (mosquitto before 1.6): speak 3.1.1 to it, at once.
        client.speakOlderProtocol()
        state = .disconnected
        client.disconnect()
        retryAt = now
        say(
          "the broker at \(broker) does not speak MQTT 5; speaking MQTT 3.1.1 to it, which cannot ask it to hold "
            + "back packets over \(MosquittoClient.maximumPacket >> 20) MiB (they are refused as they arrive)"
        )
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
    say("\(problem); trying again in \(Int(delay)) s")
  }

  private func tlsFailed() -> StormrangeError {
    let trust =
      service.options.caFile.map { "a certificate authority in --cafile \($0) (PEM)" }
      ?? "one of the system's certificate authorities (or give --cafile)"
    return .broker(
      "TLS with the broker at \(broker) failed: check that the port speaks TLS (mqtts://, usually 8883) and "
        + "that its certificate, for that host name, is signed by \(trust)")
  }

  /// Publishes `messages` with QoS 0: each is the latest state of its topic, published again on
  /// every connection, so one lost with a connection is replaced when it comes back. With QoS 1
  /// the broker's acknowledgements hold up what it sends stormrange next (its Nagle's algorithm
  /// waits for stormrange's delayed ACK of each): a message on a subscribed topic took 63 ms to its
  /// status at the broker, against 16 ms (Benchmarks/bench_mqtt.py).
  private func publish(_ messages: [MQTTMessage]) {
    guard state == .connected else { return }  // all of it is published again on connecting
    for message in messages { client.publish(message) }
  }

  /// Publishes `offline` before a clean end, and waits (at most ``offlineWait``) for the broker to
  /// acknowledge it, so that it is not lost in the socket; a clean disconnect does not trigger the
  /// will.
  private func goOffline() {
    guard state == .connected, case .success(let id) = client.publish(service.offline, acknowledged: true)
    else {
      return
    }
    let deadline = now + Self.offlineWait
    var acknowledged = false
    while !acknowledged, client.socket >= 0, now < deadline {
      var descriptor = pollfd(
        fd: client.socket, events: Int16(POLLIN) | (client.wantsWrite ? Int16(POLLOUT) : 0), revents: 0)
      _ = poll(&descriptor, 1, Int32(((deadline - now) * 1000).rounded(.up)))
      if descriptor.revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 { _ = client.read() }
      if client.socket >= 0, descriptor.revents & Int16(POLLOUT) != 0 { _ = client.write() }
      acknowledged = client.takeEvents().contains(.published(id: id))
    }
    client.disconnect()
    if client.socket >= 0 { _ = client.write() }
  }

  /// A line on standard error about the connection, for the service's log.
  private func say(_ text: String) {
    console.errors.write("stormrange: " + text.escapingControlCharacters + "\n")
  }
}
