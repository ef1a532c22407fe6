extension String {
  /// Bytes that should be UTF-8 (a file name, an environment variable) as text for a message: valid
  /// sequences as their characters, and each byte that is not part of one as `\x{FC}`, so that a
  /// Latin-1 `Z\xFCrich.plist` is shown as `Z\x{FC}rich.plist` rather than with a U+FFFD that hides
  /// which byte it was (and would name another file if copied back).
  package init(escapingInvalidUTF8 bytes: some Collection<UInt8>) {
    var result = ""
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var pending = bytes.startIndex
    parsing: while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        result.unicodeScalars.append(Unicode.UTF8.decode(encoded))
        pending = bytes.index(pending, offsetBy: encoded.count)
      case .error(let length):
        for byte in bytes[pending...].prefix(length) {
          result += "\\x{" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true) + "}"
        }
        pending = bytes.index(pending, offsetBy: length)
      case .emptyInput:
        break parsing
      }
    }
    self = result
  }
}
