import StormrangeShell
import StormrangeStore

#if canImport(Glibc)
  import Glibc
#endif

/// Reads lines from a file descriptor (a pipe, a file) with plain `read(2)`: no prompt, no echo.
/// Each line is stamped with the moment the read that completed it returned, so `flash`/`thunder`
/// lines from a detector are timed by their arrival. A line that came while the reader waited for
/// input arrived then; one that was already there when it came back to read (the lines before kept
/// stormrange busy) is known only to have arrived since the input was last seen empty, and carries
/// that window (``InputLine/arrivedAfter``). Before the first read, the input counts as seen empty
/// when the reader was made: a line that waited for stormrange to start counts as arriving then.
///
/// Memory stays bounded whatever arrives: a line longer than ``InputLine/maximumLength`` is dropped
/// as it is read and comes out as one line marked ``InputLine/isTooLong``, so `stormrange <
/// /dev/zero` holds at most the limit and one read. The carriage return of a CRLF line end does not
/// count toward the limit. A UTF-8 byte-order mark at the very start of the input is skipped. A read
/// that fails ends the input, and ``readFailure`` says why.
package final class FileDescriptorLineReader: LineSource {
  private let descriptor: Int32
  private let clock: SessionClock
  private let stop: StopCheck
  /// Bytes of lines not yet returned: the complete ones, then the start of the next.
  private(set) var buffer: [UInt8] = []
  private var start = 0
  /// Complete lines in `buffer`, in order.
  private var completed: [CompletedLine] = []
  private var nextCompleted = 0
  private var atEnd = false
  /// When the end of the input arrived (the window of a last line without a newline).
  private var endArrival: Arrival?
  /// The last moment the input was seen to hold nothing unread: what is read later arrived after it.
  private var seenEmpty: Moment
  private var scanned = 0
  /// The incomplete line at the end of `buffer` is over the limit: its bytes are dropped as they
  /// come, until its newline or the end of the input.
  private var discarding = false
  /// Nothing but (part of) a byte-order mark has been read yet.
  private var atInputStart = true
  package private(set) var readFailure: Int32?

  /// Where each read puts its bytes, up to 64 KiB at a time.
  private var scratch = [UInt8](repeating: 0, count: 1 << 16)
  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// When some bytes arrived: between `after` and `at` (the same moment for bytes that came while
  /// the reader waited for them).
  private struct Arrival {
    var after: Moment
    var at: Moment
  }

  private struct CompletedLine {
    /// Where it ends in `buffer`, before its newline.
    var end: Int
    var arrival: Arrival
    /// Over the limit: its bytes are gone, and `end` only marks its newline.
    var isTooLong: Bool
  }

  /// `stop` is asked before each read, and ends a wait for input: a stop requested ends the input.
  package init(descriptor: Int32, clock: SessionClock, stop: StopCheck = .never) {
    self.descriptor = descriptor
    self.clock = clock
    self.stop = stop
    seenEmpty = clock.now()
  }

  package func nextLine() -> InputLine? {
    while nextCompleted == completed.count {
      if atEnd {
        // A last line without a newline still counts.
        guard start < buffer.count || discarding else { return nil }
        let arrival = endArrival ?? Arrival(after: seenEmpty, at: clock.now())
        let line = makeLine(CompletedLine(end: buffer.count, arrival: arrival, isTooLong: discarding))
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

  package func peekArrivedLine() -> String? {
    guard nextCompleted < completed.count else { return nil }
    let next = completed[nextCompleted]
    return next.isTooLong ? "" : decode(start..<next.end)
  }

  private func decode(_ range: Range<Int>) -> String {
    String(decoding: buffer[range], as: UTF8.self)
  }

  /// The line that ends at `line.end` and starts at `start`.
  private func makeLine(_ line: CompletedLine) -> InputLine {
    let (arrival, after) = (line.arrival.at, line.arrival.after)
    if line.isTooLong { return InputLine("", arrival: arrival, arrivedAfter: after, isTooLong: true) }
    let range = start..<line.end
    if let text = String(validating: buffer[range], as: UTF8.self) {
      return InputLine(text, arrival: arrival, arrivedAfter: after)
    }
    return InputLine(decode(range), arrival: arrival, arrivedAfter: after, isValidUTF8: false)
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
  /// read is tried again unless a stop is requested; a descriptor that would block is waited on.
  private func fill() {
    while true {
      guard !stop.isRequested(), case .ready(let waited) = stop.wait(for: descriptor, events: Int16(POLLIN))
      else {
        atEnd = true
        return
      }
      let started = clock.now()
      let count = scratch.withUnsafeMutableBytes { raw in read(descriptor, raw.baseAddress!, raw.count) }
      let failure = errno
      let now = clock.now()
      // What came during the wait came just before it ended; what was there already, since the
      // input was last seen empty.
      let arrival = Arrival(after: waited ? started : seenEmpty, at: now)
      if count >= 0, !hasMoreNow() { seenEmpty = now }
      if count > 0 {
        scratch.withUnsafeBufferPointer { buffer.append(contentsOf: $0.prefix(count)) }
        accept(arrival: arrival)
        return
      }
      if count == 0 {
        atEnd = true
        endArrival = arrival
        return
      }
      switch failure {
      case EINTR, EAGAIN, EWOULDBLOCK:
        continue  // asks `stop` and waits again
      default:
        readFailure = failure
        atEnd = true
        return
      }
    }
  }

  package func lineArrives(within seconds: Double) -> Bool {
    let deadline = clock.now().monotonic + seconds
    while nextCompleted == completed.count, !atEnd {
      let left = deadline - clock.now().monotonic
      guard left > 0, !stop.isRequested() else { return false }
      var input = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&input, 1, Int32(min((left * 1000).rounded(.up), 60_000)))
      // A signal ends the wait: the stream checks for it before the next line.
      guard ready > 0 else { return false }
      fill()
    }
    return nextCompleted < completed.count
  }

  package func observeInputBeforeResults() {
    if !atEnd, !hasMoreNow() { seenEmpty = clock.now() }
  }

  /// Whether more input is there to read now, without waiting (always, for a file). When there is
  /// none, what comes later arrives after this moment.
  private func hasMoreNow() -> Bool {
    var now = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
    return poll(&now, 1, 0) != 0
  }

  /// Takes in what the last read added to `buffer`: finds the lines it completes, and drops the
  /// bytes of a line over the limit.
  private func accept(arrival: Arrival) {
    if atInputStart { skipByteOrderMark() }
    var lineStart = completed.last.map { $0.end + 1 } ?? start
    buffer.withUnsafeBufferPointer { bytes in
      while scanned < bytes.count,
        let newline = memchr(bytes.baseAddress! + scanned, Int32(UInt8(ascii: "\n")), bytes.count - scanned)
      {
        let end = UnsafeRawPointer(bytes.baseAddress!).distance(to: newline)
        let isTooLong = discarding || Self.length(of: bytes[lineStart..<end]) > InputLine.maximumLength
        completed.append(CompletedLine(end: end, arrival: arrival, isTooLong: isTooLong))
        discarding = false
        scanned = end + 1
        lineStart = scanned
      }
    }
    scanned = buffer.count
    // The line so far, but for a carriage return at its end, which may be the start of a CRLF.
    if discarding || Self.length(of: buffer[lineStart...]) > InputLine.maximumLength {
      discarding = true
      buffer.removeSubrange(lineStart...)
      scanned = lineStart
    }
  }

  /// The length of a line's bytes as the limit counts it: the carriage return of a CRLF line end,
  /// like its newline, is not counted.
  private static func length(of line: some BidirectionalCollection<UInt8>) -> Int {
    line.count - (line.last == UInt8(ascii: "\r") ? 1 : 0)
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
}
