import StormrangeBase
import StormrangeShell

/// Where `mqtt` connects: `mqtt://HOST[:PORT]` (port 1883) or, over TLS, `mqtts://HOST[:PORT]`
/// (port 8883). HOST is a name, an IPv4 address, or an IPv6 address in brackets
/// (`mqtt://[::1]:1883`). Nothing else belongs in the URL: the user name and the password have their
/// own options, so that a password never appears on a command line.
package struct BrokerAddress: Equatable, Sendable {
  package let host: String
  package let port: Int
  package let usesTLS: Bool

  static let plainPort = 1883
  static let tlsPort = 8883

  package init(host: String, port: Int, usesTLS: Bool) {
    self.host = host
    self.port = port
    self.usesTLS = usesTLS
  }

  /// Reads `url`, or says in one line what is wrong with it.
  package init(parsing url: String) throws(StormrangeError) {
    let shown = Self.redacted(url).escapedForDisplay
    let example = "e.g. --broker mqtt://localhost or --broker mqtts://broker.example:8883"
    let rest: Substring
    if url.hasPrefix("mqtt://") {
      (usesTLS, rest) = (false, url.dropFirst("mqtt://".count))
    } else if url.hasPrefix("mqtts://") {
      (usesTLS, rest) = (true, url.dropFirst("mqtts://".count))
    } else {
      throw .invalidArgument("'\(shown)' is not a broker URL: it starts with mqtt:// or mqtts://; \(example)")
    }
    let authority = rest.hasSuffix("/") ? rest.dropLast() : rest
    if let slash = authority.firstIndex(where: { "/?#".contains($0) }) {
      throw .invalidArgument(
        "'\(shown)' has a path after its host (\(authority[slash...])): a broker URL is only "
          + "mqtt[s]://HOST[:PORT]; the topics have their own options; \(example)")
    }
    if authority.contains("@") {
      throw .invalidArgument(
        "'\(shown)' holds a user name or password; give the name with --username and the password in "
          + "STORMRANGE_MQTT_PASSWORD or a file for --password-file, never on the command line")
    }
    var hostPart = authority
    var portPart: Substring?
    if authority.hasPrefix("[") {
      guard let close = authority.firstIndex(of: "]") else {
        throw .invalidArgument("'\(shown)' opens an IPv6 address with [ but does not close it; \(example)")
      }
      hostPart = authority[authority.index(after: authority.startIndex)..<close]
      let after = authority[authority.index(after: close)...]
      if !after.isEmpty {
        guard after.hasPrefix(":") else {
          throw .invalidArgument("'\(shown)' is not a broker URL; \(example)")
        }
        portPart = after.dropFirst()
      }
    } else if let colon = authority.firstIndex(of: ":") {
      hostPart = authority[..<colon]
      portPart = authority[authority.index(after: colon)...]
    }
    let hostAllowed = { (scalar: Unicode.Scalar) in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || "-._:%".unicodeScalars.contains(scalar))
    }
    guard !hostPart.isEmpty, hostPart.unicodeScalars.allSatisfy(hostAllowed) else {
      throw .invalidArgument("'\(shown)' names no host the broker can be reached at; \(example)")
    }
    host = String(hostPart)
    if let portPart {
      guard portPart.allSatisfy({ $0.isASCII && $0.isNumber }), let port = Int(portPart),
        (1...65535).contains(port)
      else {
        throw .invalidArgument(
          "'\(shown)' has no valid port: it is a whole number from 1 to 65535; \(example)")
      }
      self.port = port
    } else {
      port = usesTLS ? Self.tlsPort : Self.plainPort
    }
  }

  /// `url` with what comes before an `@` in its host part (a user name and password) shown as `***`,
  /// so that no message, and so no journal, repeats a password given there by mistake.
  static func redacted(_ url: String) -> String {
    let scheme = url.hasPrefix("mqtts://") ? "mqtts://" : url.hasPrefix("mqtt://") ? "mqtt://" : ""
    let rest = url.dropFirst(scheme.count)
    let authorityEnd = rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex
    guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return url }
    return scheme + "***" + rest[at...]
  }

  /// `mqtt://localhost:1883`, as messages show it.
  package var description: String {
    let shownHost = host.contains(":") ? "[\(host)]" : host
    return "\(usesTLS ? "mqtts" : "mqtt")://\(shownHost):\(port)"
  }
}
