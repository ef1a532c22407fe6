import ShellTestSupport
import Testing

@testable import StormrangeMQTT
@testable import StormrangeShell

extension TestSession {
  /// The service `mqtt arguments` hands over to its runner, on this session.
  func mqttService(_ arguments: String = "--broker mqtt://localhost --homeassistant") throws -> MQTTService {
    var handed: MQTTService?
    commands.others = [
      MQTTCommands.mqtt(runner: { options, status in
        handed = MQTTService(options: options, status: status, softwareVersion: "1.1.0")
      })
    ]
    #expect(!run("mqtt " + arguments), "\(errors.text)")
    return try #require(handed)
  }
}
