import StormrangeShell
import StormrangeStore

#if canImport(Glibc)
  import Glibc
#endif

/// A yes/no question for a one-shot command run at a terminal (`stormrange clear`), asked the way
/// `rm -i` asks: the question on standard error, so that it shows even when the output is
/// redirected, and the answer one line read from standard input. Anything but `y` or `yes` is no,
/// and so are end of input (Ctrl-D) and a signal (Ctrl-C).
enum TerminalQuestion {
  static func ask(_ question: String, console: Console) -> Bool {
    console.flush()  // whatever the command said before its question comes first
    StandardStreams.writeError(question)
    var answer: [UInt8] = []
    var byte: UInt8 = 0
    while true {
      let count = waitForKey() ? read(0, &byte, 1) : 0
      if count < 0, errno == EINTR, Signals.pending == 0 { continue }
      if count <= 0 {
        StandardStreams.writeError("\n")  // so that what follows starts a line of its own
        return false
      }
      if byte == UInt8(ascii: "\n") { break }
      answer.append(byte)
    }
    return ConfirmationAnswer.isYes(String(decoding: answer, as: UTF8.self))
  }

  /// Waits until standard input can be read; false once a signal is pending. The signal pipe closes
  /// the gap between asking and starting to read, where Ctrl-C would leave `read` waiting for a key.
  private static func waitForKey() -> Bool {
    Signals.pending == 0 && Signals.stopCheck.wait(for: 0, events: Int16(POLLIN)) != .stopped
  }
}
