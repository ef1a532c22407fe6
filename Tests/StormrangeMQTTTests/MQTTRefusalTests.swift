import Testing

@testable import StormrangeMQTT

/// A broker's answer to the login, in MQTT 5's reason codes or 3.1.1's return codes: a refused login
/// stops the service, a busy or unavailable broker is tried again, an old broker is spoken 3.1.1.
@Suite struct MQTTRefusalTests {
  @Test func mqtt5ReasonCodes() {
    #expect(MQTTRefusal(connack: 0, mqtt5: true) == .none)
    #expect(MQTTRefusal(connack: 0x84, mqtt5: true) == .protocolVersion)
    #expect(MQTTRefusal(connack: 0x86, mqtt5: true) == .login)
    #expect(MQTTRefusal(connack: 0x87, mqtt5: true) == .login)
    #expect(MQTTRefusal(connack: 0x88, mqtt5: true) == .unavailable)
    #expect(MQTTRefusal(connack: 0x89, mqtt5: true) == .unavailable)
    #expect(MQTTRefusal(connack: 0x80, mqtt5: true) == .other)
  }

  /// 3.1.1's codes are small numbers that mean other things in MQTT 5, where they are not refusals.
  @Test func mqtt311ReturnCodes() {
    #expect(MQTTRefusal(connack: 0, mqtt5: false) == .none)
    #expect(MQTTRefusal(connack: 1, mqtt5: false) == .protocolVersion)
    #expect(MQTTRefusal(connack: 2, mqtt5: false) == .other)
    #expect(MQTTRefusal(connack: 3, mqtt5: false) == .unavailable)
    #expect(MQTTRefusal(connack: 4, mqtt5: false) == .login)
    #expect(MQTTRefusal(connack: 5, mqtt5: false) == .login)
    #expect(MQTTRefusal(connack: 4, mqtt5: true) == .other)
    #expect(MQTTRefusal(connack: 0x86, mqtt5: false) == .other)
  }
}
