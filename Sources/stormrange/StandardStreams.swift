import StormrangeShell
import StormrangeStore

#if canImport(Glibc)
  import Glibc
#endif

/// Standard output and error as the ``Console``'s destinations, written with `write(2)`.
enum StandardStreams {
  /// Writes all of `bytes` to `descriptor`, or says why it could not; a signal ends a wait for a
  /// reader that does not read (see ``InterruptibleWrite``).
  static func write(_ bytes: [UInt8], to descriptor: Int32) -> Console.WriteResult {
    switch InterruptibleWrite.write(bytes, to: descriptor, stop: Signals.stopCheck) {
    case .written: .written
    case .closed: .closed
    case .failed(let code): .failed(code)
    case .interrupted: .interrupted
    }
  }

  static func writeError(_ text: String) { _ = write(Array(text.utf8), to: 2) }

  /// Opens /dev/null read-only on standard input, output or error where the program was started with
  /// one closed (`stormrange <&-`). Otherwise the next file opened takes that number: the signal
  /// pipe on standard input made a batch wait on itself forever. Input then reads as empty, and
  /// writing output fails (EBADF), which is reported like any other write error.
  static func occupyClosedDescriptors() {
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
      let opened = open("/dev/null", O_RDONLY | O_CLOEXEC)
      if opened >= 0, opened != descriptor {
        dup2(opened, descriptor)
        close(opened)
      }
    }
  }

  static func makeConsole() -> Console {
    Console { stream, bytes in write(bytes, to: stream == .output ? 1 : 2) }
  }

  /// The environment as text (values that are not UTF-8 get U+FFFD), for what is read as text, like
  /// the locale.
  static func environment() -> [String: String] {
    environmentBytes().mapValues { String(decoding: $0, as: UTF8.self) }
  }

  /// The environment's values as their bytes, for paths: `STORMRANGE_HISTORY` and the XDG variables
  /// name files as the system does, and that need not be UTF-8.
  static func environmentBytes() -> [String: [UInt8]] {
    var result: [String: [UInt8]] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let bytes = UnsafeBufferPointer(start: entry, count: strlen(entry)).map { UInt8(bitPattern: $0) }
      if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
        result[String(decoding: bytes[..<equals], as: UTF8.self)] = Array(bytes[(equals + 1)...])
      }
      pointer += 1
    }
    return result
  }
}
