import ShellTestSupport
import Testing

@testable import StormrangeMQTT
@testable import StormrangeShell

/// The connection's state machine, driven through a scripted client as the executable's loop drives
/// libmosquitto: what it does when the broker accepts, refuses, cannot be reached or drops it.
@Suite struct MQTTConnectionTests {
  let test = approachingStorm(mode: .oneShot)
  let client = ScriptedMQTTClient()
  /// The lines of the service's log.
  let log = LogLines()

  final class LogLines {
    var lines: [String] = []
  }

  func connection(_ arguments: String = "--broker mqtt://localhost") throws -> MQTTConnection {
    var handed: MQTTService?
    test.commands.others = [
      MQTTCommands.mqtt(runner: { options, status in
        handed = MQTTService(options: options, status: status, softwareVersion: "1.1.0")
      })
    ]
    #expect(!test.run("mqtt " + arguments), "\(test.errors.text)")
    return MQTTConnection(service: try #require(handed), client: client) { [log] in log.lines.append($0) }
  }

  /// Connects and has the broker accept.
  func connected(_ connection: MQTTConnection) throws {
    try connection.connectIfDue()
    client.events = [.connected(code: 0)]
    try connection.exchanged(failure: 0)
  }

  @Test func anAcceptedLoginSubscribesAndPublishesEverythingRetained() throws {
    let connection = try connection("--broker mqtt://localhost --subscribe tele/+/SENSOR=tasmota")
    try connected(connection)
    #expect(connection.state == .connected)
    #expect(client.subscriptions == ["tele/+/SENSOR"])
    #expect(client.published.map(\.message) == connection.service.connected())
    #expect(log.lines == ["connected to the broker at mqtt://localhost:1883"])
  }

  @Test func aRefusedLoginStopsWithAMessageAndNoRetry() throws {
    let connection = try connection()
    try connection.connectIfDue()
    client.events = [.connected(code: 0x86)]
    #expect(
      throws: StormrangeError.broker(
        "the broker at mqtt://localhost:1883 refused the login (refusal 134): check --username and the password "
          + "in STORMRANGE_MQTT_PASSWORD or the --password-file")
    ) { try connection.exchanged(failure: 0) }
    #expect(client.connections == 1)
    #expect(log.lines.isEmpty)
  }

  @Test func anUnreachableBrokerIsTriedAgainAfterWaitsThatGrowAsReconnectBackoffSays() throws {
    let connection = try connection()
    client.connectCodes = [1, 1, 1, 1, 1, 1, 1]
    var waits: [Double] = []
    for _ in 0..<7 {
      try connection.connectIfDue()
      waits.append(connection.wait)
      // Not due yet: no try before the wait is over.
      try connection.connectIfDue()
      test.clock.advance(connection.wait)
    }
    #expect(waits == [1, 2, 4, 8, 16, 30, 30])
    #expect(client.connections == 7)
    #expect(
      log.lines.first == "cannot reach the broker at mqtt://localhost:1883: error 1; trying again in 1 s")
    #expect(
      log.lines.last == "cannot reach the broker at mqtt://localhost:1883: error 1; trying again in 30 s")
  }

  @Test func afterADropTheWaitGrowsAsReconnectBackoffSaysAndAConnectionStartsItAgain() throws {
    let connection = try connection()
    try connected(connection)
    // The connection drops, and the broker does not take the next two tries.
    client.isOpen = false
    try connection.exchanged(failure: 7)
    #expect(connection.state == .disconnected)
    #expect(
      log.lines.last
        == "lost the connection to the broker at mqtt://localhost:1883: error 7; trying again in 1 s")
    var waits: [Double] = [connection.wait]
    for _ in 0..<2 {
      test.clock.advance(connection.wait)
      client.isOpen = true
      try connection.connectIfDue()
      client.events = [.connected(code: 0x88)]
      try connection.exchanged(failure: 0)
      waits.append(connection.wait)
    }
    #expect(waits == [1, 2, 4])
    #expect(
      log.lines.last
        == "the broker at mqtt://localhost:1883 did not take the connection: refusal 136; trying again in 4 s"
    )
    // Connected again: everything is published again, and the next drop waits 1 s again.
    test.clock.advance(connection.wait)
    let before = client.published.count
    try connected(connection)
    #expect(client.published.dropFirst(before).map(\.message) == connection.service.connected())
    client.events = [.disconnected(code: 7)]
    try connection.exchanged(failure: 0)
    #expect(connection.wait == 1)
  }

  @Test func nothingIsPublishedWhileDisconnected() throws {
    let connection = try connection()
    client.connectCodes = [1]
    try connection.connectIfDue()
    connection.publish([MQTTMessage(topic: "stormrange/status", payload: "{}")])
    #expect(client.published.isEmpty)
    #expect(connection.goOffline() == nil)
  }

  @Test func goingOfflinePublishesTheOfflineStateToBeAcknowledged() throws {
    let connection = try connection()
    try connected(connection)
    let id = try #require(connection.goOffline())
    let last = try #require(client.published.last)
    #expect(last.message == MQTTMessage(topic: "stormrange/availability", payload: "offline"))
    #expect(last.acknowledged)
    #expect(id == Int32(client.published.count))
  }

  @Test func aBrokerThatDoesNotSpeakMQTT5IsSpokenMQTT311AtOnce() throws {
    let connection = try connection()
    try connection.connectIfDue()
    client.events = [.connected(code: 0x84)]
    try connection.exchanged(failure: 0)
    #expect(!client.speaksMQTT5)
    #expect(connection.state == .disconnected)
    #expect(connection.wait == 0)
    try connection.connectIfDue()
    #expect(client.connections == 2)
    #expect(log.lines.first?.hasPrefix("the broker at mqtt://localhost:1883 does not speak MQTT 5") == true)
  }

  @Test func tlsThatFailsStopsTheService() throws {
    let connection = try connection("--broker mqtts://localhost")
    client.connectCodes = [ScriptedMQTTClient.tlsFailure]
    #expect(throws: StormrangeError.self) { try connection.connectIfDue() }
    #expect(client.connections == 1)
  }

  @Test func messagesOnSubscribedTopicsAreHandedOverOnce() throws {
    let connection = try connection()
    try connected(connection)
    let message = ReceivedMessage(
      topic: "tele/attic/SENSOR", payload: [], retained: false, arrival: test.clock.now())
    client.events = [.message(message), .published(id: 1)]
    try connection.exchanged(failure: 0)
    #expect(connection.takeReceived() == [message])
    #expect(connection.takeReceived().isEmpty)
  }
}
