#if canImport(Glibc)
  import Glibc
#endif

/// The pipe the SIGWINCH handler writes a byte to, so a `poll(2)` wakes when the terminal is resized.
nonisolated(unsafe) private var resizeWriter: Int32 = -1

/// SIGWINCH while the `watch` dashboard runs: the terminal's size changed, redraw. Installed only
/// for the dashboard (readline has its own handler at the prompt), and the previous action put back.
final class WindowChangeSignal {
  /// Readable after a resize; drain with ``drain()``.
  let descriptor: Int32
  private var previous = sigaction()
  private let writer: Int32

  init?() {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    descriptor = ends[0]
    writer = ends[1]
    resizeWriter = writer
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      let saved = errno
      var byte: UInt8 = 1
      if resizeWriter >= 0 { _ = write(resizeWriter, &byte, 1) }
      errno = saved
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    sigaction(SIGWINCH, &action, &previous)
  }

  /// Empties the pipe.
  func drain() {
    var scratch = [UInt8](repeating: 0, count: 64)
    while read(descriptor, &scratch, scratch.count) > 0 {}
  }

  /// Puts the previous SIGWINCH action back and closes the pipe.
  func remove() {
    sigaction(SIGWINCH, &previous, nil)
    resizeWriter = -1
    close(writer)
    close(descriptor)
  }
}
