#if canImport(Glibc)
  import Glibc
#endif

/// The last SIGINT, SIGTERM or SIGHUP received, for the loops to act on between commands.
nonisolated(unsafe) private var receivedSignal: sig_atomic_t = 0

/// Signal handling: signals only set a flag, so a command in progress (a save) always completes and
/// the history file stays consistent; the loops stop at the next line.
enum Signals {
  static func install() {
    // A closed standard output must end the program quietly, not kill it mid-command: take EPIPE.
    signal(SIGPIPE, SIG_IGN)
    for number in [SIGINT, SIGTERM, SIGHUP] {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in receivedSignal = number }
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

  /// Exit status for a run ended by `number`: 128 + number, as shells report it.
  static func exitStatus(for number: Int32) -> Int32 { 128 + number }
}
