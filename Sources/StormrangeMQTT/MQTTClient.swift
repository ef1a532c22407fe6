/// What ``MQTTConnection`` needs of an MQTT client library: the executable's `MosquittoClient` on
/// libmosquitto, or a test's stand-in, so that the connection's state machine is tested without a
/// broker. Codes are the library's (0: done); the client reads and writes its socket when the
/// executable's loop tells it to, and queues what happened as ``MQTTClientEvent``s meanwhile.
package protocol MQTTClient: AnyObject {
  /// Starts connecting; 0, or why the broker cannot be reached (or TLS cannot start).
  func connect(host: String, port: Int, keepAlive: Int) -> Int32
  func disconnect()
  /// Whether the connection has a socket: false once the library closed it.
  var isOpen: Bool { get }
  func subscribe(_ filter: String) -> Int32
  /// Queues `message`, retained; its id, or why it could not be queued (no connection).
  /// `acknowledged`: QoS 1, the broker answers with ``MQTTClientEvent/published(id:)``; else QoS 0.
  @discardableResult
  func publish(_ message: MQTTMessage, acknowledged: Bool) -> Result<Int32, MQTTClientFailure>
  /// What happened since the last call, oldest first.
  func takeEvents() -> [MQTTClientEvent]
  /// Whether it speaks MQTT 5 (else 3.1.1, to a broker that refused MQTT 5).
  var speaksMQTT5: Bool { get }
  /// The largest packet, in bytes, the broker is asked to send (MQTT 5's Maximum Packet Size).
  var maximumPacket: Int { get }
  /// Speaks MQTT 3.1.1 from the next connection on.
  func speakOlderProtocol()
  /// What the broker's answer to the login, `code`, means, in the protocol spoken.
  func refusal(of code: Int32) -> MQTTRefusal
  /// MQTT's words for the refusal `code`, without a final full stop.
  func refusalText(of code: Int32) -> String
  /// The library's words for `code`, without a final full stop.
  func text(of code: Int32) -> String
  /// Whether `code` says TLS failed (a port that does not speak it, a certificate not trusted).
  func isTLSFailure(_ code: Int32) -> Bool
}

/// What an ``MQTTClient`` reports.
package enum MQTTClientEvent: Equatable {
  /// The broker answered the login: 0 accepted, else MQTT's refusal code (4 bad user name or
  /// password, 5 not authorised, …).
  case connected(code: Int32)
  /// The connection ended; 0 when asked for (``MQTTClient/disconnect()``), else the library's error.
  case disconnected(code: Int32)
  case message(ReceivedMessage)
  /// The broker acknowledged the message with this id (QoS 1).
  case published(id: Int32)
}

/// A broker's answer to the login, as ``MQTTConnection`` acts on it.
package enum MQTTRefusal {
  /// Accepted.
  case none
  /// It does not speak the protocol version asked for.
  case protocolVersion
  /// A wrong user name or password, or not authorised.
  case login
  /// There, but unable to serve now: like a broker that cannot be reached.
  case unavailable
  case other

  /// What the broker's answer to the login, the CONNACK's `code`, means: MQTT 5's reason codes
  /// (OASIS MQTT 5.0, §3.2.2.2) when the connection speaks `mqtt5`, else 3.1.1's return codes
  /// (MQTT 3.1.1, §3.2.2.3). libmosquitto passes either on as it came.
  package init(connack code: Int32, mqtt5: Bool) {
    switch (mqtt5, code) {
    case (_, 0): self = .none
    // 0x84 Unsupported Protocol Version; 3.1.1's 1, unacceptable protocol version.
    case (true, 0x84), (false, 1): self = .protocolVersion
    // 0x86 Bad User Name or Password, 0x87 Not authorized; 3.1.1's 4 and 5.
    case (true, 0x86), (true, 0x87), (false, 4), (false, 5): self = .login
    // 0x88 Server unavailable, 0x89 Server busy; 3.1.1's 3, server unavailable.
    case (true, 0x88), (true, 0x89), (false, 3): self = .unavailable
    default: self = .other
    }
  }
}

/// An MQTT client library's error code.
package struct MQTTClientFailure: Error, Equatable {
  package let code: Int32

  package init(code: Int32) { self.code = code }
}
