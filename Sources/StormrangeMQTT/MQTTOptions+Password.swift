import StormrangeBase
import StormrangeShell
import StormrangeStore

extension MQTTOptions {
  /// The environment variable that may hold the password.
  static let passwordVariable = "STORMRANGE_MQTT_PASSWORD"

  /// The password to log in with: the first line of `--password-file` (without its line end), else
  /// `STORMRANGE_MQTT_PASSWORD` when set and not empty; nil for none. Never from the command line,
  /// where every user of the machine can read it. A password needs a user name (MQTT sends none
  /// without one).
  package func password(environment: [String: String]) throws(StormrangeError) -> String? {
    var password: String?
    if let path = passwordFile {
      let read: (bytes: [UInt8], identity: FileIdentity)?
      do {
        read = try DurableFile.read(path: path, limit: 64 * 1024)
      } catch {
        throw .invalidArgument("cannot read the password file \(path): \(error.message)")
      }
      guard let bytes = read?.bytes else {
        throw .invalidArgument("cannot read the password file \(path): there is no such file")
      }
      let line = bytes.prefix { $0 != UInt8(ascii: "\n") }
      let trimmed = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
      guard let text = String(validating: trimmed, as: UTF8.self), !text.isEmpty else {
        throw .invalidArgument("the password file \(path) holds no password on its first line (UTF-8 text)")
      }
      password = text
    } else if let value = environment[Self.passwordVariable], !value.isEmpty {
      password = value
    }
    if password != nil, username == nil {
      throw .invalidArgument("a password needs a user name to go with it: give --username NAME")
    }
    return password
  }
}
