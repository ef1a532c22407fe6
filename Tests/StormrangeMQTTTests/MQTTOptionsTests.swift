import FoundationEssentials
import StormrangeStore
import TestSupport
import Testing

@testable import StormrangeDetectors
@testable import StormrangeMQTT
@testable import StormrangeShell

@Suite struct MQTTOptionsTests {
  func options(_ words: [String]) throws(StormrangeError) -> MQTTOptions {
    try MQTTOptions(words: words, usage: { .usage(command: "mqtt", usage: "mqtt …", problem: $0) })
  }

  func refusal(_ words: [String]) -> String? {
    do {
      _ = try options(words)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func brokerURLs() throws {
    #expect(
      try BrokerAddress(parsing: "mqtt://localhost")
        == BrokerAddress(host: "localhost", port: 1883, usesTLS: false))
    #expect(
      try BrokerAddress(parsing: "mqtts://broker.example")
        == BrokerAddress(host: "broker.example", port: 8883, usesTLS: true))
    #expect(
      try BrokerAddress(parsing: "mqtt://10.0.0.2:1884/")
        == BrokerAddress(host: "10.0.0.2", port: 1884, usesTLS: false))
    #expect(
      try BrokerAddress(parsing: "mqtt://[::1]:1885")
        == BrokerAddress(host: "::1", port: 1885, usesTLS: false))
    #expect(try BrokerAddress(parsing: "mqtt://[::1]:1885").description == "mqtt://[::1]:1885")
    for bad in [
      "localhost", "http://x", "mqtt://", "mqtt://x:0", "mqtt://x:65536", "mqtt://x:1e3", "mqtt://[::1",
      "mqtt://a b",
    ] {
      #expect(throws: StormrangeError.self, "\(bad)") { try BrokerAddress(parsing: bad) }
    }
    let path = refusal(["--broker", "mqtt://127.0.0.1:1883/path"])
    #expect(path?.contains("has a path after its host (/path)") == true, "\(path ?? "")")
    let userinfo = refusal(["--broker", "mqtt://me:secret@host"])
    #expect(userinfo?.contains("never on the command line") == true)
  }

  @Test func theFlagsTakeTheirValueAfterThemOrAfterAnEqualsSign() throws {
    let read = try options([
      "--broker=mqtts://b:8884", "--topic-prefix", "home/storm", "--homeassistant", "--subscribe",
      "tele/+/SENSOR=tasmota", "--subscribe=rtl_433/+/events=RTL433", "--username", "pi", "--password-file",
      "/etc/pw", "--cafile=/etc/ca.pem",
    ])
    #expect(read.broker == BrokerAddress(host: "b", port: 8884, usesTLS: true))
    #expect(read.topicPrefix == "home/storm")
    #expect(read.homeAssistantPrefix == "homeassistant")
    #expect(
      read.subscriptions == [
        MQTTSubscription(filter: "tele/+/SENSOR", format: .detector(.tasmota)),
        MQTTSubscription(filter: "rtl_433/+/events", format: .detector(.rtl433)),
      ])
    #expect(
      read.username == "pi" && read.passwordFile == SystemPath("/etc/pw")
        && read.caFile == SystemPath("/etc/ca.pem"))
    let defaults = try options(["--broker", "mqtt://b"])
    #expect(
      defaults.topicPrefix == "stormrange" && defaults.homeAssistantPrefix == nil
        && defaults.subscriptions.isEmpty)
    #expect(
      try options(["--broker", "mqtt://b", "--homeassistant-prefix", "ha"]).homeAssistantPrefix == "ha")
  }

  @Test func refusals() {
    #expect(refusal([])?.hasPrefix("mqtt needs --broker URL") == true)
    #expect(refusal(["--broker"])?.hasPrefix("--broker needs a value") == true)
    #expect(
      refusal(["--broker", "mqtt://a", "--broker", "mqtt://b"])?.hasPrefix("--broker is given twice") == true)
    #expect(refusal(["--broker", "mqtt://a", "--json"])?.hasPrefix("unexpected argument '--json'") == true)
    #expect(
      refusal(["--broker", "mqtt://a", "--password", "x"])?.contains("STORMRANGE_MQTT_PASSWORD") == true)
    #expect(
      refusal(["--broker", "mqtt://a", "--cafile", "ca.pem"])?.contains("is not one; use mqtts://") == true)
    #expect(refusal(["--broker", "mqtt://a", "--topic-prefix", "a/+"])?.contains("no wildcards") == true)
    #expect(
      refusal(["--broker", "mqtt://a", "--topic-prefix", "/a"])?.contains("starts or ends with /") == true)
    #expect(refusal(["--broker", "mqtt://a", "--subscribe", "x"])?.contains("has no =") == true)
    #expect(refusal(["--broker", "mqtt://a", "--subscribe", "x=json"])?.contains("not a format") == true)
    #expect(
      refusal(["--broker", "mqtt://a", "--subscribe", "a/b#=km"])?.contains("# stands for the last levels")
        == true)
    #expect(
      refusal(["--broker", "mqtt://a", "--subscribe", "a+/b=km"])?.contains("+ stands for a whole level")
        == true)
    #expect(
      refusal(["--broker", "mqtt://a", "--homeassistant=yes"])?.hasPrefix("--homeassistant takes no value")
        == true)
  }

  @Test func thePasswordComesFromItsFileOrTheEnvironmentAndNeedsAUserName() throws {
    let directory = TemporaryDirectory()
    try directory.write("pw", "s3cret\r\nsecond line\n")
    var read = try options([
      "--broker", "mqtt://a", "--username", "pi", "--password-file", directory.file("pw"),
    ])
    #expect(try read.password(environment: ["STORMRANGE_MQTT_PASSWORD": "other"]) == "s3cret")
    read.passwordFile = nil
    #expect(try read.password(environment: ["STORMRANGE_MQTT_PASSWORD": "other"]) == "other")
    #expect(try read.password(environment: ["STORMRANGE_MQTT_PASSWORD": ""]) == nil)
    #expect(try read.password(environment: [:]) == nil)
    read.username = nil
    #expect(
      throws: StormrangeError.invalidArgument(
        "a password needs a user name to go with it: give --username NAME")
    ) {
      try read.password(environment: ["STORMRANGE_MQTT_PASSWORD": "x"])
    }
    read.username = "pi"
    read.passwordFile = SystemPath(directory.file("missing"))
    #expect(throws: StormrangeError.self) { try read.password(environment: [:]) }
    try directory.write("empty", "\n")
    read.passwordFile = SystemPath(directory.file("empty"))
    #expect(throws: StormrangeError.self) { try read.password(environment: [:]) }
  }

  @Test func theBackoffDoublesUpTo30Seconds() {
    var backoff = ReconnectBackoff()
    #expect((0..<8).map { _ in backoff.failed() } == [1, 2, 4, 8, 16, 30, 30, 30])
    backoff.succeeded()
    #expect(backoff.failed() == 1)
  }

  @Test func topicFiltersMatchAsABrokerMatchesThem() {
    #expect(MQTTTopic.matches("tele/storm/SENSOR", filter: "tele/+/SENSOR"))
    #expect(!MQTTTopic.matches("tele/storm/STATE", filter: "tele/+/SENSOR"))
    #expect(!MQTTTopic.matches("tele/a/b/SENSOR", filter: "tele/+/SENSOR"))
    #expect(MQTTTopic.matches("rtl_433/pi/events", filter: "rtl_433/#"))
    #expect(MQTTTopic.matches("rtl_433", filter: "rtl_433/#"))
    #expect(MQTTTopic.matches("a/b", filter: "#"))
    #expect(!MQTTTopic.matches("$SYS/broker", filter: "#"))
    #expect(MQTTTopic.matches("esp/lightning", filter: "esp/lightning"))
    #expect(!MQTTTopic.matches("esp/lightning/x", filter: "esp/lightning"))
    #expect(MQTTTopic.matches("a//b", filter: "a/+/b"))
  }

  /// `--homeassistant-remove` takes the discovery prefix of `--homeassistant`, or its own.
  @Test func removalNamesTheDeviceToRemove() throws {
    let plain = try options(["--broker", "mqtt://x", "--homeassistant-remove"])
    #expect(plain.removesHomeAssistant && plain.homeAssistantPrefix == "homeassistant")
    let moved = try options([
      "--broker", "mqtt://x", "--homeassistant-prefix", "ha", "--homeassistant-remove",
    ])
    #expect(moved.removesHomeAssistant && moved.homeAssistantPrefix == "ha")
    #expect(try !options(["--broker", "mqtt://x", "--homeassistant"]).removesHomeAssistant)
    #expect(
      refusal(["--broker", "mqtt://x", "--homeassistant-remove=yes"])?.contains("takes no value") == true)
  }

  /// The paths keep their bytes, as `export` and `import` keep theirs; any other value must be text
  /// (issue 29).
  @Test func thePathsKeepTheirBytesAndOtherValuesMustBeText() throws {
    let usage = { (problem: String) in
      StormrangeError.usage(command: "mqtt", usage: "mqtt …", problem: problem)
    }
    let read = try MQTTOptions(
      arguments: [
        Array("--broker".utf8), Array("mqtts://b".utf8), Array("--password-file".utf8),
        [0x70, 0xFC, 0x20, 0x77],
        Array("--cafile=".utf8) + [0xFF],
      ], usage: usage)
    #expect(read.passwordFile == SystemPath(bytes: [0x70, 0xFC, 0x20, 0x77]))
    #expect(read.caFile == SystemPath(bytes: [0xFF]))
    #expect(throws: StormrangeError.self) {
      try MQTTOptions(
        arguments: [Array("--broker".utf8), Array("mqtt://b".utf8), Array("--username".utf8), [0xFC]],
        usage: usage)
    }
  }
}
