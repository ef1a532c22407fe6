import StormrangeBase

/// What `mqtt` was asked to do: its options, read and checked before anything connects.
public struct MQTTOptions: Equatable, Sendable {
  public var broker: BrokerAddress
  /// The topics' first level (or levels): `stormrange/status`, `stormrange/availability`.
  public var topicPrefix = Self.defaultTopicPrefix
  /// Where Home Assistant looks for discovery configs; nil: none are published.
  public var homeAssistantPrefix: String?
  /// `--homeassistant-remove`: clear the device's retained configs (and the prefix's status and
  /// availability) at the broker and end, instead of running the service.
  public var removesHomeAssistant = false
  public var subscriptions: [MQTTSubscription] = []
  public var username: String?
  /// The file holding the password (its first line), when given.
  public var passwordFile: String?
  /// The certificate authorities that may sign the broker's certificate (PEM); without it, the
  /// system's.
  public var caFile: String?

  public static let defaultTopicPrefix = "stormrange"
  public static let defaultHomeAssistantPrefix = "homeassistant"

  public init(broker: BrokerAddress) { self.broker = broker }

  /// The flags, each as `--flag VALUE` or `--flag=VALUE`; `usage` makes the error for a word that is
  /// no flag of `mqtt`.
  init(words: [String], usage: (String) -> StormrangeError) throws(StormrangeError) {
    var broker: BrokerAddress?
    var options = MQTTOptions(broker: BrokerAddress(host: "", port: 0, usesTLS: false))
    var given: Set<String> = []
    var index = 0
    while index < words.count {
      let word = words[index]
      index += 1
      let (flag, attached) = Self.split(word)
      if flag == "--homeassistant" {
        guard attached == nil else { throw usage("--homeassistant takes no value") }
        options.homeAssistantPrefix = options.homeAssistantPrefix ?? Self.defaultHomeAssistantPrefix
        continue
      }
      if flag == "--homeassistant-remove" {
        guard attached == nil else { throw usage("--homeassistant-remove takes no value") }
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
        throw usage("unexpected argument '\(word.escapedForDisplay)'")
      }
      let value: String
      if let attached {
        value = attached
      } else {
        guard index < words.count else { throw usage("\(flag) needs a value") }
        value = words[index]
        index += 1
      }
      if flag != "--subscribe" {
        guard given.insert(flag).inserted else { throw usage("\(flag) is given twice") }
      }
      switch flag {
      case "--broker": broker = try BrokerAddress(parsing: value)
      case "--topic-prefix": options.topicPrefix = try Self.prefix(value, of: flag)
      case "--homeassistant-prefix": options.homeAssistantPrefix = try Self.prefix(value, of: flag)
      case "--subscribe": options.subscriptions.append(try MQTTSubscription(parsing: value))
      case "--username": options.username = value
      case "--password-file": options.passwordFile = value
      default: options.caFile = value
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

  /// Every flag, for completion.
  static let flags = [
    "--broker", "--topic-prefix", "--homeassistant", "--homeassistant-prefix", "--homeassistant-remove",
    "--subscribe", "--username", "--password-file", "--cafile",
  ]

  /// `--flag=value` → (`--flag`, `value`); any other word → (word, nil).
  private static func split(_ word: String) -> (String, String?) {
    guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
    return (String(word[..<equals]), String(word[word.index(after: equals)...]))
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
