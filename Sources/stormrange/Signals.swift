import StormrangeStore

#if canImport(Glibc)
  import Glibc
#endif

/// The last SIGINT, SIGTERM or SIGHUP received, for the loops to act on between commands.
nonisolated(unsafe) private var receivedSignal: sig_atomic_t = 0
/// The ends of a pipe the handler writes a byte to, so a reader waiting in poll(2) wakes up even
/// when the signal lands just before it starts waiting (the self-pipe trick).
nonisolated(unsafe) private var wakeReader: Int32 = -1
nonisolated(unsafe) private var wakeWriter: Int32 = -1

/// Signal handling: signals only set a flag, so a command in progress (a save) always completes and
/// the history file stays consistent; the loops stop at the next line.
enum Signals {
  static func install() {
    // A closed standard output must end the program quietly, not kill it mid-command: take EPIPE.
    signal(SIGPIPE, SIG_IGN)
    // Likewise a file-size limit (RLIMIT_FSIZE): the save fails with EFBIG and says so.
    signal(SIGXFSZ, SIG_IGN)
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      for end in ends {
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      }
      wakeReader = ends[0]
      wakeWriter = ends[1]
    }
    for number in [SIGINT, SIGTERM, SIGHUP] {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        let saved = errno
        receivedSignal = number
        var byte: UInt8 = 1
        if wakeWriter >= 0 { _ = write(wakeWriter, &byte, 1) }
        errno = saved
      }
      sigemptyset(&action.sa_mask)
      // No SA_RESTART: a blocking read returns EINTR so the loop can notice.
      action.sa_flags = 0
      sigaction(number, &action, nil)
    }
  }

  /// The signal received since the last `take`, or 0.
  static func take() -> Int32 {
    let number = receivedSignal
    receivedSignal = 0
    return number
  }

  static var pending: Int32 { receivedSignal }

  /// Readable once a signal has arrived (-1 if the pipe could not be made); for poll(2).
  static var wakeDescriptor: Int32 { wakeReader }

  /// A pending SIGINT, SIGTERM or SIGHUP, with the pipe that wakes a poll(2) when one arrives: what
  /// ends a wait for another process's lock, for input, or for output that is not read.
  static var stopCheck: StopCheck { StopCheck(isRequested: { receivedSignal != 0 }, wake: wakeReader) }

  /// Empties the wake pipe, once what woke a poll(2) has been dealt with, so that it waits again.
  static func drainWake() { stopCheck.drainWake() }
}
