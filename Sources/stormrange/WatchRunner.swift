import FoundationEssentials
import StormrangeShell
import StormrangeStore

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `watch`: the dashboard when standard input and output are terminals and `--json` was not
/// given, else the JSON lines. Both wait in `poll(2)` for a key, a change to the history (see
/// ``HistoryChangeDetector``), a signal, or the next moment there is something to do: the next
/// second of the dashboard's clock, the next look at the file while polling, or the next time the
/// status is due (``LiveStatus/nextComputation``). Between those, `watch --json` sleeps.
///
/// SIGINT, SIGTERM and SIGHUP end the watch. For a one-shot `stormrange watch`, that is how it is
/// meant to end, so the status is 0; at the prompt Ctrl-C returns to the prompt, and SIGTERM or SIGHUP
/// end the program as they do there; in a batch the signal stays pending, so the batch stops with
/// 128 + the signal's number like any batch (docs/reference.md, "Flags and modes").
final class WatchRunner {
  let status: LiveStatus
  let console: Console
  let detector: HistoryChangeDetector

  /// `polling` looks at the file once a second instead of using inotify.
  init(status: LiveStatus, console: Console, polling: Bool) {
    self.status = status
    self.console = console
    detector = HistoryChangeDetector(path: status.session.historyPath, polling: polling)
  }

  /// Whether `STORMRANGE_WATCH_POLL` asks for polling: set, not empty and not `0`.
  static func pollingAsked(environment: [String: String]) -> Bool {
    guard let value = environment["STORMRANGE_WATCH_POLL"] else { return false }
    return !value.isEmpty && value != "0"
  }

  func run(json: Bool) {
    console.flush()
    if json || isatty(0) != 1 || isatty(1) != 1 || !WatchDashboard(runner: self).run() {
      runLines()
    }
    let number = Signals.pending
    let mode = status.session.mode
    if number != 0, mode == .oneShot || (mode == .interactive && number == SIGINT) { _ = Signals.take() }
  }

  /// `watch --json`: a line at start, after each change and when the advice changes with time.
  private func runLines() {
    var reported: StormrangeError?
    var changed = status.reload()
    while Signals.pending == 0 {
      if let problem = status.problem, problem != reported { status.session.report(problem) }
      reported = status.problem
      if let line = status.jsonLine(historyChanged: changed) { console.output.writeExactly(line + "\n") }
      guard console.flush() else { return }
      let events = wait(keys: -1, resize: -1, output: 1, ticking: false)
      if events.outputClosed, let line = status.jsonLine(historyChanged: true) {
        // Nobody reads any more: this write fails with EPIPE, which ends the program quietly (141).
        console.output.writeExactly(line + "\n")
        guard console.flush() else { return }
      }
      changed = events.historyMayHaveChanged && status.reload()
    }
  }

  struct Events {
    var keys = false
    var resized = false
    var historyMayHaveChanged = false
    /// The reader of standard output went away (a pipe's read end closed).
    var outputClosed = false
    /// What poll(2) reported for the descriptor `wait`'s caller added (`also`), else 0.
    var also: Int16 = 0
  }

  /// Waits for a key on `keys`, a resize on `resize`, an error on `output` (any of them -1 for none),
  /// a change to the history, a signal, or the next moment there is something to do
  /// (``StormrangeShell/WatchWake``): the next whole second of the wall clock when `ticking` or when
  /// the detector polls, else the next computation of the status; whichever comes first. `mqtt` adds its socket (`also`) and the moment it has
  /// something of its own to do (`until`, seconds from now).
  func wait(
    keys: Int32, resize: Int32, output: Int32 = -1, ticking: Bool, also: pollfd? = nil, until: Double? = nil
  ) -> Events {
    var descriptors = [Signals.wakeDescriptor, detector.descriptor, keys, resize].map {
      pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
    }
    // No events asked for: poll(2) reports POLLERR and POLLHUP anyway.
    descriptors.append(pollfd(fd: output, events: 0, revents: 0))
    descriptors.append(also ?? pollfd(fd: -1, events: 0, revents: 0))
    let timeout = WatchWake.timeout(
      now: status.session.clock.now().wall.timeIntervalSince1970, ticking: ticking || detector.method == .polling,
      due: status.nextComputation?.timeIntervalSince1970, until: until)
    if Signals.pending == 0 { _ = poll(&descriptors, nfds_t(descriptors.count), timeout) }
    if descriptors[0].revents != 0 { Signals.drainWake() }
    return Events(
      keys: descriptors[2].revents != 0, resized: descriptors[3].revents != 0,
      historyMayHaveChanged: detector.check(), outputClosed: descriptors[4].revents & Int16(POLLERR) != 0,
      also: descriptors[5].revents)
  }
}
