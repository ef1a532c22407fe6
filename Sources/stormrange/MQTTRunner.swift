import StormrangeBase
import StormrangeMQTT
import StormrangeShell
import StormrangeStore

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `mqtt`: keeps a connection to the broker (``StormrangeMQTT/MQTTConnection``, the state
/// machine: connecting, refusals, reconnecting, publishing again) and publishes what
/// ``MQTTService`` decides, in one loop with `watch`'s machinery (``WatchRunner``: the history's
/// change detector, the wait in poll(2) for a signal, a change or the next status due), the
/// client's socket added to it.
///
/// A refused login or TLS that fails ends the service with the error, status 1. SIGTERM, SIGINT and
/// SIGHUP publish `offline` (waiting at most ``offlineWait`` for the broker's acknowledgement) and
/// end it with status 0: the normal way to stop a service.
final class MQTTRunner {
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
  private let connection: MQTTConnection

  init(service: MQTTService, console: Console, polling: Bool, environment: [String: String])
    throws(StormrangeError)
  {
    self.service = service
    self.console = console
    watch = WatchRunner(status: service.status, console: console, polling: polling)
    client = try MosquittoClient(clock: service.session.clock)
    connection = MQTTConnection(service: service, client: client) { [console] text in
      // A line on standard error about the connection, for the service's log.
      console.errors.write("stormrange: " + text.escapingControlCharacters + "\n")
    }
    service.discardUnwritten = { [console] in console.discardUnflushed() }
    // A history moved aside for a moment is not an empty one: a reading then is refused, not
    // saved into a new file in its place.
    service.session.keepsHistoryFile = true
    let options = service.options
    try client.configure(
      will: service.will, username: options.username,
      password: try options.password(environment: environment),
      tls: options.broker.usesTLS, caFile: options.caFile)
  }

  private var now: Double { service.session.clock.now().monotonic }

  func run() throws(StormrangeError) {
    var historyMayHaveChanged = true
    // Messages that arrived and wait to be recorded together (MQTTService.holdingTime).
    var pending: [ReceivedMessage] = []
    while Signals.pending == 0 {
      try connection.connectIfDue()
      connection.publish(service.update(historyMayHaveChanged: historyMayHaveChanged))
      pending += connection.takeReceived()
      var holding = Double.infinity
      if !pending.isEmpty {
        holding = service.holdingTime(for: pending, now: now)
        if holding == 0 {
          connection.publish(service.received(pending))
          pending.removeAll()
          holding = .infinity
        }
      }
      console.flush()
      let socket = client.socket
      let interest = Int16(POLLIN) | (client.wantsWrite ? Int16(POLLOUT) : 0)
      let events = watch.wait(
        keys: -1, resize: -1, ticking: false,
        also: socket >= 0 ? pollfd(fd: socket, events: interest, revents: 0) : nil,
        until: min(connection.wait, holding))
      historyMayHaveChanged = events.historyMayHaveChanged
      try exchange(ready: socket >= 0 ? events.also : 0)
    }
    // What arrived before the signal is recorded, as `ingest` saves what it read.
    pending += connection.takeReceived()
    if !pending.isEmpty { connection.publish(service.received(pending)) }
    service.summariseLocated(now: nil)
    goOffline()
    console.flush()
    // The signal is how a service is meant to end: status 0 (as a one-shot `watch`).
    _ = Signals.take()
  }

  /// Reads and writes what the socket is ready for, keeps the connection alive, and has the
  /// connection act on what libmosquitto reported.
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
    try connection.exchanged(failure: failure)
  }

  /// Publishes `offline` before a clean end, and waits (at most ``offlineWait``) for the broker to
  /// acknowledge it, so that it is not lost in the socket.
  private func goOffline() {
    guard let id = connection.goOffline() else { return }
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
}
