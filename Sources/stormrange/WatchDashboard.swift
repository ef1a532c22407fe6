import StormrangeShell

#if canImport(Glibc)
  import Glibc
#endif

/// The `watch` dashboard at a terminal: redrawn in place every second (the countdown ticks, from the
/// status as last computed: see ``LiveStatus``), at once when the history changes or the terminal is
/// resized, until `q`, Ctrl-C (or Ctrl-D), a signal, or
/// the terminal going away. The terminal is restored on every way out.
struct WatchDashboard {
  let runner: WatchRunner

  /// Runs the dashboard; false if the terminal could not be taken over (nothing was drawn).
  func run() -> Bool {
    guard let screen = TerminalScreen(console: runner.console) else { return false }
    let resize = WindowChangeSignal()
    defer {
      resize?.remove()
      screen.leave()
    }
    let status = runner.status
    status.reload()
    while Signals.pending == 0 {
      let size = TerminalScreen.size()
      screen.draw(status.frame(width: size.width, height: size.height))
      guard runner.console.outputFailure == nil else { break }
      let events = runner.wait(keys: 0, resize: resize?.descriptor ?? -1, ticking: true)
      if events.resized { resize?.drain() }
      if events.keys, leaves() { break }
      if events.historyMayHaveChanged { status.reload() }
    }
    return true
  }

  /// Reads the keys typed; true for one that leaves (`q`, Ctrl-C, Ctrl-D) or the end of input.
  private func leaves() -> Bool {
    var keys = [UInt8](repeating: 0, count: 64)
    let count = read(0, &keys, keys.count)
    if count < 0 { return errno != EINTR && errno != EAGAIN }
    return count == 0
      || keys[..<count].contains { [UInt8(ascii: "q"), UInt8(ascii: "Q"), 3, 4].contains($0) }
  }
}
