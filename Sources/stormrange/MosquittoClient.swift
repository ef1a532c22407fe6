@preconcurrency import CMosquitto
import StormrangeBase
import StormrangeMQTT
import StormrangeShell
import StormrangeStore

#if canImport(Glibc)
  import Glibc
#endif

/// An MQTT client on libmosquitto, loaded when `mqtt` runs (Sources/CMosquitto/shim.h says why it
/// is not linked). It has no thread of its own: ``MQTTRunner`` waits in poll(2) on ``socket`` beside
/// the signals and the history, and calls ``read()``, ``write()`` and ``keepAlive()``, inside which
/// libmosquitto's callbacks run; they only queue events, taken with ``takeEvents()``. What the
/// connection does with them is ``StormrangeMQTT/MQTTConnection``'s.
final class MosquittoClient: MQTTClient {

  /// The library's file name (Debian: libmosquitto1).
  static let library = "libmosquitto.so.1"
  /// The largest packet the broker may send, told it on connecting (MQTT 5's Maximum Packet Size):
  /// the longest payload read, with room for the topic (at most 65,537 bytes with its length), the
  /// header and the properties a broker adds. The broker drops a larger packet rather than send
  /// it, so a 50 MB payload never reaches stormrange's memory; one between the two is refused as
  /// it arrives (``MQTTService/maximumPayload``).
  static let maximumPacket = MQTTService.maximumPayload + (128 << 10)

  /// libmosquitto's functions, or why they could not be loaded.
  private static let loaded: Result<stormrange_mosquitto, StormrangeError> = {
    var functions = stormrange_mosquitto()
    if let failure = stormrange_mosquitto_load(library, &functions) {
      return .failure(
        .broker(
          "mqtt needs the Mosquitto client library, \(library), which could not be loaded "
            + "(\(String(cString: failure))); install it (Debian: apt install libmosquitto1) and try again"))
    }
    _ = functions.lib_init()
    return .success(functions)
  }()

  private let functions: stormrange_mosquitto
  private let handle: OpaquePointer
  private let clock: SessionClock
  private var events: [MQTTClientEvent] = []
  /// Whether it speaks MQTT 5 (the default), or 3.1.1 to a broker that does not
  /// (``speakOlderProtocol()``).
  private(set) var speaksMQTT5 = true

  init(clock: SessionClock) throws(StormrangeError) {
    functions = try Self.loaded.get()
    // No client id (libmosquitto makes a random one) and a clean session: nothing is queued for
    // stormrange while it is away, and a second stormrange never takes over this one's session.
    guard let handle = functions.new(nil, true, nil) else {
      throw .broker("cannot make an MQTT client: \(String(cString: strerror(errno)))")
    }
    self.handle = handle
    self.clock = clock
    functions.user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
    functions.connect_callback_set(handle) { _, context, code in
      MosquittoClient.from(context).events.append(.connected(code: code))
    }
    functions.disconnect_callback_set(handle) { _, context, code in
      MosquittoClient.from(context).events.append(.disconnected(code: code))
    }
    functions.publish_callback_set(handle) { _, context, id in
      MosquittoClient.from(context).events.append(.published(id: id))
    }
    functions.message_callback_set(handle) { _, context, message in
      guard let message = message?.pointee, let topic = message.topic else { return }
      let client = MosquittoClient.from(context)
      let length = Int(message.payloadlen)
      // A payload too long to read is not copied: memory grows by libmosquitto's copy alone.
      guard length <= MQTTService.maximumPayload else {
        client.events.append(
          .message(
            ReceivedMessage(
              topic: String(cString: topic), tooLong: length, retained: message.retain,
              arrival: client.clock.now())))
        return
      }
      let payload = message.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: length)) } ?? []
      client.events.append(
        .message(
          ReceivedMessage(
            topic: String(cString: topic), payload: payload, retained: message.retain,
            arrival: client.clock.now())))
    }
  }

  deinit { functions.destroy(handle) }

  private static func from(_ context: UnsafeMutableRawPointer?) -> MosquittoClient {
    Unmanaged<MosquittoClient>.fromOpaque(context!).takeUnretainedValue()
  }

  /// The will, the login and TLS, for every connection from now on; a CA file that cannot be read
  /// is refused here.
  func configure(will: MQTTMessage, username: String?, password: String?, tls: Bool, caFile: SystemPath?)
    throws(StormrangeError)
  {
    // Each message is sent as it is queued, not held back by Nagle's algorithm until the broker's
    // delayed ACK of the last one (Benchmarks/bench_mqtt.py: without this, a message on a
    // subscribed topic took 60 ms to its status at the broker, against 16 ms).
    var code = functions.int_option(handle, MOSQ_OPT_TCP_NODELAY, 1)
    guard code == MOSQ_ERR_SUCCESS.rawValue else {
      throw .broker("cannot set TCP_NODELAY: \(text(of: code))")
    }
    // MQTT 5, for its Maximum Packet Size (``maximumPacket``); set before the will, which it shapes.
    code = functions.int_option(handle, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V5)
    guard code == MOSQ_ERR_SUCCESS.rawValue else {
      throw .broker("cannot choose MQTT 5: \(text(of: code))")
    }
    let payload = Array(will.payload.utf8)
    code = functions.will_set(handle, will.topic, Int32(payload.count), payload, 1, true)
    guard code == MOSQ_ERR_SUCCESS.rawValue else {
      throw .broker("cannot set the MQTT will: \(text(of: code))")
    }
    if let username {
      code = functions.username_pw_set(handle, username, password)
      guard code == MOSQ_ERR_SUCCESS.rawValue else {
        throw .broker("cannot set the MQTT login: \(text(of: code))")
      }
    }
    guard tls else { return }
    if let caFile {
      // libmosquitto only says "invalid"; the system says why.
      // The path's bytes as given, not UTF-8 text (a file name is bytes).
      guard let file = caFile.withCString({ fopen($0, "r") }) else {
        throw .broker("cannot read --cafile \(caFile): \(String(cString: strerror(errno)))")
      }
      fclose(file)
      code = caFile.withCString { functions.tls_set(handle, $0, nil, nil, nil, nil) }
    } else {
      code = functions.int_option(handle, MOSQ_OPT_TLS_USE_OS_CERTS, 1)
    }
    guard code == MOSQ_ERR_SUCCESS.rawValue else { throw .broker("cannot set up TLS: \(text(of: code))") }
  }

  /// Opens the connection and sends the login; the answer comes as ``StormrangeMQTT/MQTTClientEvent/connected(code:)``.
  /// Returns libmosquitto's code: 0, or why the broker could not be reached.
  func connect(host: String, port: Int, keepAlive: Int) -> Int32 {
    guard speaksMQTT5 else { return functions.connect(handle, host, Int32(port), Int32(keepAlive)) }
    var properties: OpaquePointer?
    defer { functions.property_free_all(&properties) }
    let code = functions.property_add_int32(
      &properties, Int32(MQTT_PROP_MAXIMUM_PACKET_SIZE.rawValue), UInt32(Self.maximumPacket))
    guard code == MOSQ_ERR_SUCCESS.rawValue else { return code }
    // libmosquitto copies the properties.
    return functions.connect_bind_v5(handle, host, Int32(port), Int32(keepAlive), nil, properties)
  }

  /// Speaks MQTT 3.1.1 from the next connection on, to a broker that refused MQTT 5: without the
  /// Maximum Packet Size, so a payload too long is refused only once it has arrived.
  func speakOlderProtocol() {
    speaksMQTT5 = false
    _ = functions.int_option(handle, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V311)
  }

  /// What the broker's answer to the login, `code`, means (``MQTTRefusal/init(connack:mqtt5:)``).
  func refusal(of code: Int32) -> MQTTRefusal { MQTTRefusal(connack: code, mqtt5: speaksMQTT5) }

  @discardableResult
  func publish(_ message: MQTTMessage, acknowledged: Bool = false) -> Result<Int32, MQTTClientFailure> {
    var id: Int32 = 0
    let payload = Array(message.payload.utf8)
    let code = functions.publish(
      handle, &id, message.topic, Int32(payload.count), payload, acknowledged ? 1 : 0, true)
    return code == MOSQ_ERR_SUCCESS.rawValue ? .success(id) : .failure(MQTTClientFailure(code: code))
  }

  func subscribe(_ filter: String) -> Int32 { functions.subscribe(handle, nil, filter, 0) }

  func disconnect() { _ = functions.disconnect(handle) }

  /// The connection's socket, -1 when there is none.
  var socket: Int32 { functions.socket(handle) }

  var isOpen: Bool { socket >= 0 }

  var maximumPacket: Int { Self.maximumPacket }

  /// Whether there is something to send, so the socket's readiness to write matters.
  var wantsWrite: Bool { functions.want_write(handle) }

  /// Reads what arrived (callbacks run); 0, or why the connection failed.
  func read() -> Int32 { functions.loop_read(handle, 1) }

  /// Whether more has arrived on the socket than was read: a poll(2) that does not wait.
  var hasMoreToRead: Bool {
    var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    return descriptor.fd >= 0 && poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0
  }

  /// The bytes of the payloads in the events not yet taken.
  var pendingPayloadBytes: Int {
    events.reduce(0) { total, event in
      if case .message(let message) = event { return total + message.payload.count }
      return total
    }
  }

  /// Sends what is queued; 0, or why the connection failed.
  func write() -> Int32 { functions.loop_write(handle, 1) }

  /// Pings the broker when the connection has been quiet for its keep-alive time, and notices a
  /// broker that has not answered.
  func keepAlive() -> Int32 { functions.loop_misc(handle) }

  func takeEvents() -> [MQTTClientEvent] {
    defer { events.removeAll() }
    return events
  }

  /// libmosquitto's text for `code`, the system's for a system error; without a final full stop,
  /// since it goes inside a sentence.
  func text(of code: Int32) -> String {
    if code == MOSQ_ERR_ERRNO.rawValue { return String(cString: strerror(errno)) }
    return Self.clause(functions.strerror(code)) ?? "error \(code)"
  }

  /// MQTT's text for the refusal `code` of a login, in the protocol spoken.
  func refusalText(of code: Int32) -> String {
    Self.clause(speaksMQTT5 ? functions.reason_string(code) : functions.connack_string(code))
      ?? "refusal \(code)"
  }

  private static func clause(_ text: UnsafePointer<CChar>?) -> String? {
    guard let text else { return nil }
    let sentence = String(cString: text)
    return sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
  }

  func isTLSFailure(_ code: Int32) -> Bool { code == MOSQ_ERR_TLS.rawValue }
}
