@testable import StormrangeKit

/// Lines that have all "arrived" already, as from a file.
///
/// `whenDrained` runs once, the first time the runner looks for a line and finds none left: after
/// the last line of a group was applied and before the group is committed. A test changes the
/// world there (removes the history's folder, say) to make the commit fail.
final class ArrayLineSource: LineSource {
  private var lines: [String]
  private let clock: FakeClock
  private var whenDrained: (() -> Void)?

  init(_ lines: [String], clock: FakeClock, whenDrained: (() -> Void)? = nil) {
    self.lines = lines
    self.clock = clock
    self.whenDrained = whenDrained
  }

  func nextLine() -> InputLine? {
    guard !lines.isEmpty else {
      drained()
      return nil
    }
    return InputLine(lines.removeFirst(), arrival: clock.now())
  }

  func peekArrivedLine() -> String? {
    if lines.isEmpty { drained() }
    return lines.first
  }

  private func drained() {
    let action = whenDrained
    whenDrained = nil
    action?()
  }
}
