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
/// blocking, so the write itself never waits. A file is written whole (in pieces of at most 16 MiB).
public enum InterruptibleWrite {
  /// What became of the write.
  public enum Result: Equatable, Sendable {
    case written
    /// The reader closed its end (EPIPE).
    case closed
    /// Writing failed with this errno (ENOSPC, EIO, …).
    case failed(Int32)
    /// The output was blocked (a reader that does not read) when a stop was requested.
    case interrupted
  }

  /// Writes all of `bytes` to `descriptor`, or says why it could not.
  public static func write(_ bytes: [UInt8], to descriptor: Int32, stop: StopCheck) -> Result {
    let mayWait = mayWait(descriptor)
    var written = 0
    while written < bytes.count {
      if mayWait, stop.wait(for: descriptor, events: Int16(POLLOUT)) == .stopped { return .interrupted }
      let size = min(bytes.count - written, mayWait ? Int(PIPE_BUF) : 1 << 24)
      let count = bytes.withUnsafeBytes { raw in Glibc.write(descriptor, raw.baseAddress! + written, size) }
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
}
