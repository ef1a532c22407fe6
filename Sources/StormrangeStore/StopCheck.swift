#if canImport(Glibc)
  import Glibc
#endif

/// How a wait learns that the process was asked to stop (in the executable: SIGINT, SIGTERM or
/// SIGHUP), so that nothing makes a signal wait: ``isRequested`` says whether it was, and ``wake``,
/// when not -1, is a descriptor that becomes readable when it is (a self-pipe). Waiting on it beside
/// the descriptor waited for closes the gap between asking ``isRequested`` and starting to wait,
/// where a signal would otherwise be noticed only once the descriptor is ready, which may be never.
package struct StopCheck {
  package let isRequested: () -> Bool
  package let wake: Int32

  package init(isRequested: @escaping () -> Bool, wake: Int32 = -1) {
    self.isRequested = isRequested
    self.wake = wake
  }

  /// Never asks to stop: for what has nobody to stop it (tests, a file being saved).
  package static var never: StopCheck { StopCheck(isRequested: { false }) }

  /// How a wait ended.
  package enum Readiness: Equatable, Sendable {
    /// The descriptor is ready, or has an error for the next call to report. `waited`: it was not
    /// ready at once, so what made it ready came during the wait.
    case ready(waited: Bool)
    /// A stop was requested while it was not ready.
    case stopped
    /// The timeout passed with neither.
    case timedOut
  }

  /// Waits until `descriptor` is ready for `events` (`POLLIN`, `POLLOUT`) or a stop is requested,
  /// or for at most `timeout` milliseconds (-1: no limit) after each wake-up. What is ready at once
  /// counts even when a stop is pending, so a writer still hands over what its output takes without
  /// waiting.
  package func wait(for descriptor: Int32, events: Int16, timeout: Int32 = -1) -> Readiness {
    var now = [pollfd(fd: descriptor, events: events, revents: 0)]
    let readyNow = poll(&now, 1, 0)
    // Ready, or a failure for the call to report; interrupted, it waits below, asking first.
    if readyNow > 0 || (readyNow < 0 && errno != EINTR) { return .ready(waited: false) }
    while !isRequested() {
      var waiting = [
        pollfd(fd: descriptor, events: events, revents: 0),
        pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&waiting, wake >= 0 ? 2 : 1, timeout)
      if ready < 0 {
        if errno == EINTR { continue }
        return .ready(waited: true)  // let the call report the problem
      }
      if ready == 0 { return .timedOut }
      if waiting[0].revents != 0 { return .ready(waited: true) }
      // Woken by a signal that was already dealt with (taken at the prompt): wait again. A signal
      // arriving now set its flag before its byte, so the check above still sees it.
      if waiting[1].revents != 0 { drainWake() }
    }
    return .stopped
  }

  /// Empties the wake-up pipe, once what woke a poll(2) has been dealt with, so that it waits again.
  package func drainWake() {
    var scratch = [UInt8](repeating: 0, count: 64)
    while wake >= 0, read(wake, &scratch, scratch.count) > 0 {}
  }
}
