#if canImport(Glibc)
  import Glibc
#endif

/// Reads lines from a file descriptor (a pipe, a file) with plain `read(2)`: no prompt, no echo.
/// Each line is stamped with the moment the read that completed it returned, so `flash`/`thunder`
/// lines from a detector are timed by their arrival.
public final class FileDescriptorLineReader: LineSource {
  private let descriptor: Int32
  private let clock: SessionClock
  private let shouldStop: () -> Bool
  private let wake: Int32
  private var buffer: [UInt8] = []
  private var start = 0
  /// Ends (exclusive, before the newline) of complete lines in `buffer`, with their arrival.
  private var completed: [(end: Int, arrival: Moment)] = []
  private var nextCompleted = 0
  private var atEnd = false
  private var scanned = 0

  /// `shouldStop` is asked before each read and when one is interrupted by a signal: true ends the
  /// input. `wake`, if given, is a descriptor that becomes readable when a signal arrives (a
  /// self-pipe): waiting on it too closes the gap between asking `shouldStop` and starting to read,
  /// where a signal would otherwise leave the reader waiting for a line that may never come.
  public init(
    descriptor: Int32, clock: SessionClock, shouldStop: @escaping () -> Bool = { false }, wake: Int32 = -1
  ) {
    self.descriptor = descriptor
    self.clock = clock
    self.shouldStop = shouldStop
    self.wake = wake
  }

  public func nextLine() -> InputLine? {
    while nextCompleted == completed.count {
      if atEnd {
        guard start < buffer.count else { return nil }
        // A last line without a newline still counts.
        let line = makeLine(start..<buffer.count, arrival: clock.now())
        start = buffer.count
        return line
      }
      fill()
    }
    let (end, arrival) = completed[nextCompleted]
    nextCompleted += 1
    let line = makeLine(start..<end, arrival: arrival)
    start = end + 1
    if nextCompleted == completed.count { compact() }
    return line
  }

  public func peekArrivedLine() -> String? {
    guard nextCompleted < completed.count else { return nil }
    return decode(start..<completed[nextCompleted].end)
  }

  private func decode(_ range: Range<Int>) -> String {
    String(decoding: buffer[range], as: UTF8.self)
  }

  private func makeLine(_ range: Range<Int>, arrival: Moment) -> InputLine {
    if let text = String(validating: buffer[range], as: UTF8.self) {
      return InputLine(text, arrival: arrival)
    }
    return InputLine(decode(range), arrival: arrival, isValidUTF8: false)
  }

  /// Drops consumed bytes once no complete line is pending.
  private func compact() {
    guard start > 0 else { return }
    buffer.removeSubrange(0..<start)
    scanned -= start
    start = 0
    completed.removeAll(keepingCapacity: true)
    nextCompleted = 0
  }

  private func fill() {
    guard !shouldStop(), waitForInput() else {
      atEnd = true
      return
    }
    let chunk = 1 << 16
    let oldCount = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: chunk))
    let count = buffer.withUnsafeMutableBytes { raw in
      read(descriptor, raw.baseAddress! + oldCount, chunk)
    }
    let arrival = clock.now()
    if count <= 0 {
      buffer.removeSubrange(oldCount...)
      if count == 0 || errno != EINTR || shouldStop() { atEnd = true }
      return
    }
    buffer.removeSubrange((oldCount + count)...)
    while scanned < buffer.count {
      if buffer[scanned] == UInt8(ascii: "\n") { completed.append((scanned, arrival)) }
      scanned += 1
    }
  }

  /// Waits until the input can be read or a signal asks to stop; false for stop.
  private func waitForInput() -> Bool {
    guard wake >= 0 else { return true }
    while true {
      var waiting = [
        pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&waiting, 2, -1)
      if shouldStop() { return false }
      if ready < 0 {
        if errno == EINTR { continue }
        return true  // let read(2) report the problem
      }
      if waiting[0].revents != 0 { return true }
      // Woken by a signal that was already dealt with: empty the pipe and wait again.
      var scratch = [UInt8](repeating: 0, count: 64)
      while read(wake, &scratch, scratch.count) > 0 {}
    }
  }
}
