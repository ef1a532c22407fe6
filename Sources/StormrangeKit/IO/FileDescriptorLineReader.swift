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
  private var buffer: [UInt8] = []
  private var start = 0
  /// Ends (exclusive, before the newline) of complete lines in `buffer`, with their arrival.
  private var completed: [(end: Int, arrival: Moment)] = []
  private var nextCompleted = 0
  private var atEnd = false
  private var scanned = 0

  /// `shouldStop` is asked when a read is interrupted by a signal: true ends the input.
  public init(descriptor: Int32, clock: SessionClock, shouldStop: @escaping () -> Bool = { false }) {
    self.descriptor = descriptor
    self.clock = clock
    self.shouldStop = shouldStop
  }

  public func nextLine() -> InputLine? {
    while nextCompleted == completed.count {
      if atEnd {
        guard start < buffer.count else { return nil }
        // A last line without a newline still counts.
        let text = decode(start..<buffer.count)
        start = buffer.count
        return InputLine(text, arrival: clock.now())
      }
      fill()
    }
    let (end, arrival) = completed[nextCompleted]
    nextCompleted += 1
    let text = decode(start..<end)
    start = end + 1
    if nextCompleted == completed.count { compact() }
    return InputLine(text, arrival: arrival)
  }

  public func peekArrivedLine() -> String? {
    guard nextCompleted < completed.count else { return nil }
    return decode(start..<completed[nextCompleted].end)
  }

  private func decode(_ range: Range<Int>) -> String {
    String(decoding: buffer[range], as: UTF8.self)
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
}
