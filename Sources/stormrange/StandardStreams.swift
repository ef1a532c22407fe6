import StormrangeKit

#if canImport(Glibc)
  import Glibc
#endif

/// Standard output and error as ``OutputBuffer`` destinations, written with `write(2)`.
enum StandardStreams {
  /// Writes all of `bytes` to `descriptor`; false if the reader has gone (EPIPE) or writing failed.
  static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { raw in
        Glibc.write(descriptor, raw.baseAddress! + written, raw.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        return false
      }
      written += count
    }
    return true
  }

  static func writeError(_ text: String) { _ = write(Array(text.utf8), to: 2) }

  static func makeOutput() -> OutputBuffer { OutputBuffer { write($0, to: 1) } }
  static func makeErrors() -> OutputBuffer { OutputBuffer { write($0, to: 2) } }

  static func environment() -> [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    return result
  }
}
