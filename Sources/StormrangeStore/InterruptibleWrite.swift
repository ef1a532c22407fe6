#if canImport(Glibc)
  import Glibc
#endif

/// Writes bytes to a descriptor so that nothing makes a signal wait: standard output, and an export
/// into a FIFO, a device or `/dev/stdout`.
///
/// Output that can make the program wait (a pipe, a socket or a terminal whose reader does not
/// read) is waited on with poll(2) beside the ``StopCheck``, so that a stop ends the wait: once one
/// is requested, what the output does not take at once is given up (``Result/interrupted``). Into
/// such outputs at most PIPE_BUF bytes go per write(2), which a writable pipe takes without
/// blocking, so the write itself never waits. A terminal that polls writable may still take less
/// than that and make write(2) wait, where a signal that has already come would not end the wait:
/// it is written through a descriptor of its own that never waits (see ``withoutWaiting(_:)``). A
/// file is written whole (in pieces of at most 16 MiB).
package enum InterruptibleWrite {
  /// What became of the write.
  package enum Result: Equatable, Sendable {
    case written
    /// The reader closed its end (EPIPE).
    case closed
    /// Writing failed with this errno (ENOSPC, EIO, …).
    case failed(Int32)
    /// The output was blocked (a reader that does not read) when a stop was requested.
    case interrupted
  }

  /// Writes all of `bytes` to `descriptor`, or says why it could not.
  package static func write(_ bytes: [UInt8], to descriptor: Int32, stop: StopCheck) -> Result {
    let output = OutputKind(descriptor)
    let mayWait = output != .file
    let terminal = output == .terminal ? withoutWaiting(descriptor) : nil
    defer { if let terminal { close(terminal) } }
    let target = terminal ?? descriptor
    var written = 0
    while written < bytes.count {
      if mayWait, stop.wait(for: target, events: Int16(POLLOUT)) == .stopped { return .interrupted }
      let size = min(bytes.count - written, mayWait ? Int(PIPE_BUF) : 1 << 24)
      let count = bytes.withUnsafeBytes { raw in Glibc.write(target, raw.baseAddress! + written, size) }
      if count < 0 {
        // A device that blocked (not one known to, so not polled) and was interrupted by a stop.
        if errno == EINTR, stop.isRequested() { return .interrupted }
        // EAGAIN: an output left non-blocking by whoever opened it; poll(2) waits for it instead.
        if errno == EINTR || errno == EAGAIN { continue }
        return errno == EPIPE ? .closed : .failed(errno)
      }
      written += count
    }
    return .written
  }

  /// What an output is, for how it is written.
  private enum OutputKind {
    /// A file, or a device such as /dev/null: never waits for a reader.
    case file
    /// A pipe, a FIFO or a socket: may wait for its reader, and once writable takes PIPE_BUF bytes.
    case pipe
    /// A terminal: may wait for its reader, and once writable may take less than written.
    case terminal

    init(_ descriptor: Int32) {
      var info = stat()
      guard fstat(descriptor, &info) == 0 else {
        self = .file  // write(2) will say what is wrong
        return
      }
      switch info.st_mode & S_IFMT {
      case S_IFIFO, S_IFSOCK: self = .pipe
      case S_IFCHR: self = isatty(descriptor) == 1 ? .terminal : .file
      default: self = .file
      }
    }
  }

  /// A new descriptor for the terminal `descriptor` is open on, whose writes never wait
  /// (O_NONBLOCK): a new open file description, through /proc, so that the flag does not touch the
  /// one the terminal's other users share (the shell). Nil when none can be opened; the terminal is
  /// then written as it is.
  private static func withoutWaiting(_ descriptor: Int32) -> Int32? {
    let opened = open("/proc/self/fd/\(descriptor)", O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    return opened >= 0 ? opened : nil
  }
}
