import StormrangeBase
import StormrangeShell
import StormrangeStore

/// What `mqtt` was asked to do: its options, read and checked before anything connects.
package struct MQTTOptions: Equatable, Sendable {
  package var broker: BrokerAddress
  /// The topics' first level (or levels): `stormrange/status`, `stormrange/availability`.
  var topicPrefix = Self.defaultTopicPrefix
  /// Where Home Assistant looks for discovery configs; nil: none are published.
  var homeAssistantPrefix: String?
  /// `--homeassistant-remove`: clear the device's retained configs (and the prefix's status and
  /// availability) at the broker and end, instead of running the service.
  package var removesHomeAssistant = false
  var subscriptions: [MQTTSubscription] = []
  package var username: String?
  /// The file holding the password (its first line), when given. A path is bytes, kept exactly
  /// as given, even bytes that are not UTF-8, as `export` and `import` keep theirs.
  var passwordFile: SystemPath?
  /// The certificate authorities that may sign the broker's certificate (PEM); without it, the
  /// system's. Bytes, as ``passwordFile``.
  package var caFile: SystemPath?

  static let defaultTopicPrefix = "stormrange"
  static let defaultHomeAssistantPrefix = "homeassistant"

  package init(broker: BrokerAddress) { self.broker = broker }

  /// The flags, each as `--flag VALUE` or `--flag=VALUE`; `usage` makes the error for a word that is
  /// no flag of `mqtt`.
  init(words: [String], usage: (String) -> StormrangeError) throws(StormrangeError) {
    try self.init(arguments: words.map { Array($0.utf8) }, usage: usage)
  }

  /// ``init(words:usage:)`` for the arguments' bytes as the shell passed them: the values of
  /// ``pathFlags`` keep their bytes, and anything else must be UTF-8 text.
  init(arguments: [[UInt8]], usage: (String) -> StormrangeError) throws(StormrangeError) {
    var broker: BrokerAddress?
    var options = MQTTOptions(broker: BrokerAddress(host: "", port: 0, usesTLS: false))
    var given: Set<String> = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      let (flagBytes, attachedBytes) = Self.split(argument)
      guard let flag = String(validating: flagBytes, as: UTF8.self) else { throw .argumentsNotUTF8 }
      if flag == "--homeassistant" {
        guard attachedBytes == nil else { throw usage("--homeassistant takes no value") }
        options.homeAssistantPrefix = options.homeAssistantPrefix ?? Self.defaultHomeAssistantPrefix
        continue
      }
      if flag == "--homeassistant-remove" {
        guard attachedBytes == nil else { throw usage("--homeassistant-remove takes no value") }
        options.homeAssistantPrefix = options.homeAssistantPrefix ?? Self.defaultHomeAssistantPrefix
        options.removesHomeAssistant = true
        continue
      }
      guard Self.valued.contains(flag) else {
        if flag == "--password" {
          throw .invalidArgument(
            "mqtt takes no password on the command line, where other users can read it (ps); put it in "
              + "STORMRANGE_MQTT_PASSWORD, or in a file for --password-file")
        }
        throw usage("unexpected argument '\(SystemPath(bytes: argument).description.escapedForDisplay)'")
      }
      let valueBytes: [UInt8]
      if let attachedBytes {
        valueBytes = attachedBytes
      } else {
        guard index < arguments.count else { throw usage("\(flag) needs a value") }
        valueBytes = arguments[index]
        index += 1
      }
      if Self.pathFlags.contains(flag) {
        if flag == "--password-file" { options.passwordFile = SystemPath(bytes: valueBytes) }
        if flag == "--cafile" { options.caFile = SystemPath(bytes: valueBytes) }
        guard given.insert(flag).inserted else { throw usage("\(flag) is given twice") }
        continue
      }
      let value = try Self.text(valueBytes, of: flag)
      if flag != "--subscribe" {
        guard given.insert(flag).inserted else { throw usage("\(flag) is given twice") }
      }
      switch flag {
      case "--broker": broker = try BrokerAddress(parsing: value)
      case "--topic-prefix": options.topicPrefix = try Self.prefix(value, of: flag)
      case "--homeassistant-prefix": options.homeAssistantPrefix = try Self.prefix(value, of: flag)
      case "--subscribe": options.subscriptions.append(try MQTTSubscription(parsing: value))
      default: options.username = value
      }
    }
    guard let broker else {
      throw usage("mqtt needs --broker URL, e.g. --broker mqtt://localhost")
    }
    if options.caFile != nil, !broker.usesTLS {
      throw .invalidArgument(
        "--cafile is for a TLS connection, and \(broker.description) is not one; use mqtts:// (port 8883)")
    }
    options.broker = broker
    self = options
  }

  /// The flags that take a value.
  static let valued: Set<String> = [
    "--broker", "--topic-prefix", "--homeassistant-prefix", "--subscribe", "--username", "--password-file",
    "--cafile",
  ]

  /// The flags whose value is a path: bytes, kept as given.
  static let pathFlags: Set<String> = ["--password-file", "--cafile"]

  /// Every flag, for completion.
  static let flags = [
    "--broker", "--topic-prefix", "--homeassistant", "--homeassistant-prefix", "--homeassistant-remove",
    "--subscribe", "--username", "--password-file", "--cafile",
  ]

  /// `--flag=value` → (`--flag`, `value`); any other argument → (argument, nil).
  private static func split(_ argument: [UInt8]) -> ([UInt8], [UInt8]?) {
    guard argument.starts(with: Array("--".utf8)), let equals = argument.firstIndex(of: UInt8(ascii: "="))
    else { return (argument, nil) }
    return (Array(argument[..<equals]), Array(argument[(equals + 1)...]))
  }

  /// A value that is not a path: UTF-8 text, or refused in one line.
  private static func text(_ bytes: [UInt8], of flag: String) throws(StormrangeError) -> String {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw .invalidArgument(
        "the value of \(flag), \(SystemPath(bytes: bytes)), is not UTF-8 text; only the paths of "
          + "--password-file and --cafile may hold other bytes")
    }
    return text
  }

  /// A prefix of topics: a topic name without a `/` at either end.
  private static func prefix(_ value: String, of flag: String) throws(StormrangeError) -> String {
    let problem =
      MQTTTopic.problem(withName: value)
      ?? (value.hasPrefix("/") || value.hasSuffix("/") ? "it starts or ends with /" : nil)
    if let problem {
      throw .invalidArgument("\(flag) '\(value.escapedForDisplay)' cannot begin a topic: \(problem)")
    }
    return value
  }
}
