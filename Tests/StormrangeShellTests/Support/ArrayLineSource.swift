import ShellTestSupport
@testable import StormrangeShell

/// Lines that have all "arrived" already, as from a file.
///
/// The lines numbered in `tooLong` (from 1) arrive as lines over the limit, whatever their text.
/// `readFailure`, when given, is reported once the lines run out, as if the next read had failed.
///
/// `whenDrained` runs once, the first time the runner looks for a line and finds none left: after
/// the last line of a group was applied and before the group is committed. A test changes the
/// world there (removes the history's folder, say) to make the commit fail.
final class ArrayLineSource: LineSource {
  private var lines: [String]
  private let clock: FakeClock
  private let tooLong: Set<Int>
  private let failure: Int32?
  private var whenDrained: (() -> Void)?
  private var taken = 0
  private(set) var readFailure: Int32?

  init(
    _ lines: [String], clock: FakeClock, tooLong: Set<Int> = [], readFailure: Int32? = nil,
    whenDrained: (() -> Void)? = nil
  ) {
    self.lines = lines
    self.clock = clock
    self.tooLong = tooLong
    self.failure = readFailure
    self.whenDrained = whenDrained
  }

  func nextLine() -> InputLine? {
    guard !lines.isEmpty else {
      drained()
      readFailure = failure
      return nil
    }
    taken += 1
    let text = lines.removeFirst()
    if tooLong.contains(taken) { return InputLine("", arrival: clock.now(), isTooLong: true) }
    return InputLine(text, arrival: clock.now())
  }

  func peekArrivedLine() -> String? {
    if lines.isEmpty { drained() }
    return tooLong.contains(taken + 1) ? "" : lines.first
  }

  private func drained() {
    let action = whenDrained
    whenDrained = nil
    action?()
  }
}
