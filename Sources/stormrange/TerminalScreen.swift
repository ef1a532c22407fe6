import StormrangeShell

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal while the `watch` dashboard runs: keys arrive one at a time without echo (cbreak
/// mode; Ctrl-C still sends SIGINT, Ctrl-Z is switched off so the dashboard cannot be stopped with
/// the terminal left in this state), the alternate screen keeps the shell's screen as it was, and
/// the cursor is hidden. ``leave()`` puts all of it back.
final class TerminalScreen {
  private var saved = termios()
  private let console: Console

  /// Takes over the terminal on standard input and output; nil if standard input is not one.
  init?(console: Console) {
    self.console = console
    guard tcgetattr(0, &saved) == 0 else { return nil }
    var keys = saved
    keys.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &keys.c_cc) { characters in
      characters[Int(VMIN)] = 1  // a read returns as soon as one byte is there
      characters[Int(VTIME)] = 0
      characters[Int(VSUSP)] = 0  // _POSIX_VDISABLE: Ctrl-Z is just a key
      // Ctrl-\ too: SIGQUIT would end the program (and dump core) before it restores the terminal.
      characters[Int(VQUIT)] = 0
    }
    guard tcsetattr(0, TCSANOW, &keys) == 0 else { return nil }
    console.output.writeExactly("\u{1B}[?1049h\u{1B}[?25l")
    console.flush()
  }

  /// Shows the cursor, leaves the alternate screen and restores the terminal's modes.
  func leave() {
    console.output.writeExactly("\u{1B}[?25h\u{1B}[?1049l")
    console.flush()
    _ = tcsetattr(0, TCSANOW, &saved)
  }

  /// Draws `lines` from the top left, clearing what is left of each line and below them.
  func draw(_ lines: [String]) {
    console.output.writeExactly("\u{1B}[H")
    for (index, line) in lines.enumerated() {
      console.output.write(line)
      console.output.writeExactly(index == lines.count - 1 ? "\u{1B}[K" : "\u{1B}[K\r\n")
    }
    console.output.writeExactly("\u{1B}[J")
    console.flush()
  }

  /// Columns and rows of the terminal on standard output now; 80 × 24 if it does not say.
  static func size() -> (width: Int, height: Int) {
    var window = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
      return (80, 24)
    }
    return (Int(window.ws_col), Int(window.ws_row))
  }
}
