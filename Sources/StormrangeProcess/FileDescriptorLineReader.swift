import StormrangeKit

#if canImport(Glibc)
  import Glibc
#endif

/// Reads lines from a file descriptor (a pipe, a file) with plain `read(2)`: no prompt, no echo.
/// Each line is stamped with the moment the read that completed it returned, so `flash`/`thunder`
/// lines from a detector are timed by their arrival.
///
/// Memory stays bounded whatever arrives: a line longer than ``InputLine/maximumLength`` is dropped
/// as it is read and comes out as one line marked ``InputLine/isTooLong``, so `stormrange <
/// /dev/zero` holds at most the limit and one read. A UTF-8 byte-order mark at the very start of
/// the input is skipped. A read that fails ends the input, and ``readFailure`` says why.
public final class FileDescriptorLineReader: LineSource {
  private let descriptor: Int32
  private let clock: SessionClock
  private let shouldStop: () -> Bool
  private let wake: Int32
  /// Bytes of lines not yet returned: the complete ones, then the start of the next.
  private(set) var buffer: [UInt8] = []
  private var start = 0
  /// Complete lines in `buffer`, in order.
  private var completed: [CompletedLine] = []
  private var nextCompleted = 0
  private var atEnd = false
  private var scanned = 0
  /// The incomplete line at the end of `buffer` is over the limit: its bytes are dropped as they
  /// come, until its newline or the end of the input.
  private var discarding = false
  /// Nothing but (part of) a byte-order mark has been read yet.
  private var atInputStart = true
  public private(set) var readFailure: Int32?

  /// Where each read puts its bytes, up to 64 KiB at a time.
  private var scratch = [UInt8](repeating: 0, count: 1 << 16)
  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  private struct CompletedLine {
    /// Where it ends in `buffer`, before its newline.
    var end: Int
    var arrival: Moment
    /// Over the limit: its bytes are gone, and `end` only marks its newline.
    var isTooLong: Bool
  }

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
        // A last line without a newline still counts.
        guard start < buffer.count || discarding else { return nil }
        let line = makeLine(CompletedLine(end: buffer.count, arrival: clock.now(), isTooLong: discarding))
        start = buffer.count
        discarding = false
        return line
      }
      fill()
    }
    let next = completed[nextCompleted]
    nextCompleted += 1
    let line = makeLine(next)
    start = next.end + 1
    if nextCompleted == completed.count { compact() }
    return line
  }

  public func peekArrivedLine() -> String? {
    guard nextCompleted < completed.count else { return nil }
    let next = completed[nextCompleted]
    return next.isTooLong ? "" : decode(start..<next.end)
  }

  private func decode(_ range: Range<Int>) -> String {
    String(decoding: buffer[range], as: UTF8.self)
  }

  /// The line that ends at `line.end` and starts at `start`.
  private func makeLine(_ line: CompletedLine) -> InputLine {
    if line.isTooLong { return InputLine("", arrival: line.arrival, isTooLong: true) }
    let range = start..<line.end
    if let text = String(validating: buffer[range], as: UTF8.self) {
      return InputLine(text, arrival: line.arrival)
    }
    return InputLine(decode(range), arrival: line.arrival, isValidUTF8: false)
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

  /// Reads once more: some bytes, the end of the input, or a failure that ends it. An interrupted
  /// read is tried again unless a signal asks to stop; a descriptor that would block is waited on.
  private func fill() {
    while true {
      guard !shouldStop(), waitForInput() else {
        atEnd = true
        return
      }
      let count = scratch.withUnsafeMutableBytes { raw in read(descriptor, raw.baseAddress!, raw.count) }
      let failure = errno
      let arrival = clock.now()
      if count > 0 {
        scratch.withUnsafeBufferPointer { buffer.append(contentsOf: $0.prefix(count)) }
        accept(arrival: arrival)
        return
      }
      if count == 0 {
        atEnd = true
        return
      }
      switch failure {
      case EINTR, EAGAIN, EWOULDBLOCK:
        continue  // asks `shouldStop` and waits again
      default:
        readFailure = failure
        atEnd = true
        return
      }
    }
  }

  /// Takes in what the last read added to `buffer`: finds the lines it completes, and drops the
  /// bytes of a line over the limit.
  private func accept(arrival: Moment) {
    if atInputStart { skipByteOrderMark() }
    var lineStart = completed.last.map { $0.end + 1 } ?? start
    buffer.withUnsafeBufferPointer { bytes in
      while scanned < bytes.count,
        let newline = memchr(bytes.baseAddress! + scanned, Int32(UInt8(ascii: "\n")), bytes.count - scanned)
      {
        let end = UnsafeRawPointer(bytes.baseAddress!).distance(to: newline)
        let isTooLong = discarding || end - lineStart > InputLine.maximumLength
        completed.append(CompletedLine(end: end, arrival: arrival, isTooLong: isTooLong))
        discarding = false
        scanned = end + 1
        lineStart = scanned
      }
    }
    scanned = buffer.count
    if discarding || buffer.count - lineStart > InputLine.maximumLength {
      discarding = true
      buffer.removeSubrange(lineStart...)
      scanned = lineStart
    }
  }

  /// Skips a UTF-8 byte-order mark at the start of the input, once enough bytes have come to tell.
  private func skipByteOrderMark() {
    let head = buffer.prefix(Self.byteOrderMark.count)
    if head.count < Self.byteOrderMark.count, head.elementsEqual(Self.byteOrderMark.prefix(head.count)) {
      return  // perhaps the start of one: wait for the rest
    }
    atInputStart = false
    if head.elementsEqual(Self.byteOrderMark) {
      start = Self.byteOrderMark.count
      scanned = max(scanned, start)
    }
  }

  /// Waits until the input can be read or a signal asks to stop; false for stop.
  private func waitForInput() -> Bool {
    while true {
      var waiting = [
        pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
      ]
      // Without a wake-up pipe only the input: a descriptor that would block (O_NONBLOCK, shared with
      // another process) is waited on rather than taken for the end.
      let ready = poll(&waiting, wake >= 0 ? 2 : 1, -1)
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
