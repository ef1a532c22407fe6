import StormrangeKit

#if canImport(Glibc)
  import Glibc
#endif

/// Standard output and error as the ``Console``'s destinations, written with `write(2)`.
enum StandardStreams {
  /// Writes all of `bytes` to `descriptor`, or says why it could not.
  ///
  /// Output that can make the program wait (a pipe, a socket or a terminal whose reader does not
  /// read) is waited on with poll(2) together with the signal pipe, so that SIGINT, SIGTERM or SIGHUP
  /// end the wait: once one is pending, what the output does not take at once is given up
  /// (`.interrupted`). Into such outputs at most PIPE_BUF bytes go per write(2), which a writable pipe
  /// takes without blocking, so the write itself never waits.
  static func write(_ bytes: [UInt8], to descriptor: Int32) -> Console.WriteResult {
    let mayWait = mayWait(descriptor)
    var written = 0
    while written < bytes.count {
      if mayWait, !waitUntilWritable(descriptor) { return .interrupted }
      let size = mayWait ? min(bytes.count - written, Int(PIPE_BUF)) : bytes.count - written
      let count = bytes.withUnsafeBytes { raw in Glibc.write(descriptor, raw.baseAddress! + written, size) }
      if count < 0 {
        // EAGAIN: an output left non-blocking by whoever opened it; poll(2) waits for it instead.
        if errno == EINTR || errno == EAGAIN { continue }
        return errno == EPIPE ? .closed : .failed(errno)
      }
      written += count
    }
    return .written
  }

  /// Whether writing to `descriptor` can wait for a reader: a FIFO, a socket or a terminal (not a
  /// file, nor a device such as /dev/null).
  private static func mayWait(_ descriptor: Int32) -> Bool {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return false }  // write(2) will say what is wrong
    switch info.st_mode & S_IFMT {
    case S_IFIFO, S_IFSOCK: return true
    case S_IFCHR: return isatty(descriptor) == 1
    default: return false
    }
  }

  /// Waits until `descriptor` takes output (or has an error for write(2) to report); false once a
  /// stop signal is pending and it takes nothing now.
  private static func waitUntilWritable(_ descriptor: Int32) -> Bool {
    while true {
      let stopping = Signals.pending != 0
      var waiting = [
        pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0),
        pollfd(fd: stopping ? -1 : Signals.wakeDescriptor, events: Int16(POLLIN), revents: 0),
      ]
      if poll(&waiting, 2, stopping ? 0 : -1) < 0 {
        if errno == EINTR { continue }
        return true  // let write(2) report the problem
      }
      if waiting[0].revents != 0 { return true }
      if stopping { return false }
      // Woken by a signal that was already dealt with (taken at the prompt): wait again.
      if waiting[1].revents != 0 { Signals.drainWake() }
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
