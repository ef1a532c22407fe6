import Dispatch
import FoundationEssentials
import Glibc
import TestSupport
import Testing

@testable import StormrangeProcess
@testable import StormrangeShell

@Suite struct FileDescriptorLineReaderTests {
  @Test func readsLinesAndALastLineWithoutNewline() throws {
    var descriptors: [Int32] = [0, 0]
    try #require(pipe(&descriptors) == 0)
    let text = "add 1\nshow\n\nlast"
    _ = text.withCString { write(descriptors[1], $0, strlen($0)) }
    close(descriptors[1])
    let reader = FileDescriptorLineReader(descriptor: descriptors[0], clock: SystemClock())
    var lines: [String] = []
    while let line = reader.nextLine() { lines.append(line.text) }
    close(descriptors[0])
    #expect(lines == ["add 1", "show", "", "last"])
  }

  @Test func peeksOnlyAtLinesThatHaveArrived() throws {
    var descriptors: [Int32] = [0, 0]
    try #require(pipe(&descriptors) == 0)
    _ = "a\nb\nc".withCString { write(descriptors[1], $0, strlen($0)) }
    let reader = FileDescriptorLineReader(descriptor: descriptors[0], clock: SystemClock())
    #expect(reader.nextLine()?.text == "a")
    #expect(reader.peekArrivedLine() == "b")
    #expect(reader.nextLine()?.text == "b")
    #expect(reader.peekArrivedLine() == nil)  // "c" has no newline yet
    close(descriptors[1])
    #expect(reader.nextLine()?.text == "c")
    #expect(reader.nextLine() == nil)
    close(descriptors[0])
  }

  @Test func invalidUTF8AndNULsDoNotStopTheReader() throws {
    var descriptors: [Int32] = [0, 0]
    try #require(pipe(&descriptors) == 0)
    let bytes: [UInt8] = [0xFF, 0xFE, 0x0A, 0x61, 0x00, 0x62, 0x0A]
    _ = bytes.withUnsafeBytes { write(descriptors[1], $0.baseAddress, $0.count) }
    close(descriptors[1])
    let reader = FileDescriptorLineReader(descriptor: descriptors[0], clock: SystemClock())
    let invalid = reader.nextLine()
    #expect(invalid?.text == "\u{FFFD}\u{FFFD}")
    #expect(invalid?.isValidUTF8 == false)
    #expect(reader.nextLine()?.text == "a\u{0}b")
    #expect(reader.nextLine() == nil)
    close(descriptors[0])
  }
}

/// Standard input's edges: lines at and over the 4 MiB limit, a byte-order mark, failed reads.
@Suite struct FileDescriptorLineReaderEdgeTests {
  /// The read end of a pipe that another thread writes `pieces` into, pausing between them, and
  /// then closes (a pipe holds only 64 KiB, so one thread could not do both).
  private func pipe(fedWith pieces: [[UInt8]]) throws -> Int32 {
    var descriptors: [Int32] = [0, 0]
    try #require(Glibc.pipe(&descriptors) == 0)
    let writer = descriptors[1]
    DispatchQueue.global().async {
      for (index, piece) in pieces.enumerated() {
        if index > 0 { usleep(20_000) }
        var written = 0
        while written < piece.count {
          let count = piece.withUnsafeBytes {
            write(writer, $0.baseAddress! + written, piece.count - written)
          }
          guard count > 0 else { break }
          written += count
        }
      }
      close(writer)
    }
    return descriptors[0]
  }

  private func lines(of reader: FileDescriptorLineReader) -> [InputLine] {
    var lines: [InputLine] = []
    while let line = reader.nextLine() { lines.append(line) }
    return lines
  }

  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func aLineOfExactlyTheLimitIsKeptAndOneByteMoreIsSkipped() throws {
    let limit = InputLine.maximumLength
    let descriptor = try pipe(fedWith: [
      bytes("a\n") + [UInt8](repeating: UInt8(ascii: "x"), count: limit) + bytes("\n")
        + [UInt8](repeating: UInt8(ascii: "y"), count: limit + 1) + bytes("\nb\n")
    ])
    defer { close(descriptor) }
    let lines = lines(of: FileDescriptorLineReader(descriptor: descriptor, clock: SystemClock()))
    #expect(lines.map(\.text.utf8.count) == [1, limit, 0, 1])
    #expect(lines.map(\.isTooLong) == [false, false, true, false])
  }

  @Test func theCarriageReturnOfACRLFIsNotCountedEvenWhenItsNewlineComesLater() throws {
    let limit = InputLine.maximumLength
    let full = [UInt8](repeating: UInt8(ascii: "x"), count: limit)
    let descriptor = try pipe(fedWith: [
      full + bytes("\r\n") + full + bytes("x\r\n") + full + bytes("\r"), bytes("\nb\r\n"),
    ])
    defer { close(descriptor) }
    let lines = lines(of: FileDescriptorLineReader(descriptor: descriptor, clock: SystemClock()))
    // The carriage return stays in the text (the interpreter drops it); only the limit ignores it.
    #expect(lines.map(\.text.utf8.count) == [limit + 1, 0, limit + 1, 2])
    #expect(lines.map(\.isTooLong) == [false, true, false, false])
  }

  @Test func anEndlessLineIsDroppedAsItIsReadInBoundedMemory() throws {
    let descriptor = try pipe(
      fedWith: [bytes("a\n")] + Array(repeating: [UInt8](repeating: 0, count: 1 << 20), count: 40) + [
        bytes("\nb\n") + [UInt8](repeating: UInt8(ascii: "z"), count: InputLine.maximumLength + 10)
      ])
    defer { close(descriptor) }
    let reader = FileDescriptorLineReader(descriptor: descriptor, clock: SystemClock())
    let lines = lines(of: reader)
    // The 40 MiB line is one line; so is the one over the limit that the end of input ends.
    #expect(lines.map(\.text) == ["a", "", "b", ""])
    #expect(lines.map(\.isTooLong) == [false, true, false, true])
    #expect(reader.readFailure == nil)
    // The buffer never held much more than the limit (it never shrinks, so its capacity tells).
    #expect(reader.buffer.capacity < 3 * InputLine.maximumLength)
  }

  @Test func aByteOrderMarkIsSkippedOnlyAtTheStartOfTheInput() throws {
    let descriptor = try pipe(fedWith: [bytes("\u{FEFF}add 5\n\u{FEFF}add 6\n")])
    defer { close(descriptor) }
    let lines = lines(of: FileDescriptorLineReader(descriptor: descriptor, clock: SystemClock()))
    #expect(lines.map(\.text) == ["add 5", "\u{FEFF}add 6"])
  }

  @Test func aByteOrderMarkArrivingInPiecesIsSkipped() throws {
    let descriptor = try pipe(fedWith: [[0xEF], [0xBB], [0xBF] + bytes("add 5\nshow")])
    defer { close(descriptor) }
    let lines = lines(of: FileDescriptorLineReader(descriptor: descriptor, clock: SystemClock()))
    #expect(lines.map(\.text) == ["add 5", "show"])
  }

  @Test func anInputOfOnlyAByteOrderMarkIsEmptyAndHalfOfOneIsALine() throws {
    let empty = try pipe(fedWith: [[0xEF, 0xBB, 0xBF]])
    defer { close(empty) }
    #expect(lines(of: FileDescriptorLineReader(descriptor: empty, clock: SystemClock())).isEmpty)
    let half = try pipe(fedWith: [[0xEF, 0xBB]])
    defer { close(half) }
    #expect(
      lines(of: FileDescriptorLineReader(descriptor: half, clock: SystemClock())).map(\.isValidUTF8) == [
        false
      ])
  }

  @Test func aFailedReadEndsTheInputAndSaysWhy() throws {
    let directory = TemporaryDirectory()
    let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let reader = FileDescriptorLineReader(descriptor: descriptor, clock: SystemClock())
    #expect(reader.nextLine() == nil)
    #expect(reader.readFailure == EISDIR)
  }

  @Test func aDescriptorThatWouldBlockIsWaitedOnNotTakenForTheEnd() throws {
    let descriptor = try pipe(fedWith: [bytes("add 1\n"), bytes("add 2\n")])
    defer { close(descriptor) }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    let reader = FileDescriptorLineReader(descriptor: descriptor, clock: SystemClock())
    #expect(lines(of: reader).map(\.text) == ["add 1", "add 2"])
    #expect(reader.readFailure == nil)
  }
}

/// When each line arrived: at the moment it was read when the reader was waiting for it, else
/// somewhere since the input was last seen empty (``InputLine/arrivedAfter``).
@Suite struct FileDescriptorLineReaderArrivalTests {
  /// A clock that shows the time the test sets.
  private final class SetClock: SessionClock {
    var seconds = 0.0
    func now() -> Moment { Moment(wall: Date(timeIntervalSince1970: seconds), monotonic: seconds) }
  }

  private static func write(_ text: String, to descriptor: Int32) {
    _ = text.withCString { Glibc.write(descriptor, $0, strlen($0)) }
  }

  /// A pipe's two ends, and a reader of it on `clock`, made at the clock's time.
  private func reader(on clock: SetClock) throws -> (reader: FileDescriptorLineReader, ends: [Int32]) {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    return (FileDescriptorLineReader(descriptor: ends[0], clock: clock), ends)
  }

  private func window(_ line: InputLine?) -> [Double]? {
    line.map { [$0.arrivedAfter.monotonic, $0.arrival.monotonic] }
  }

  @Test func aLineWaitingWhenTheReaderComesBackArrivedSinceTheInputWasLastSeenEmpty() throws {
    let clock = SetClock()
    let (reader, ends) = try reader(on: clock)
    defer { close(ends[0]) }
    // Writes `text` (if any), then at `seconds` reads the next line: its window.
    let read = { (text: String?, seconds: Double) -> [Double]? in
      if let text { Self.write(text, to: ends[1]) }
      clock.seconds = seconds
      return window(reader.nextLine())
    }
    // There before the first read: since the reader was made.
    #expect(read("flash\n", 1) == [0, 1])
    // The read found nothing more at 1; busy until 5 with the flash, meanwhile "add" came.
    #expect(read("add 5\n", 5) == [1, 5])
    // Results written out at 8, with nothing waiting: what comes next came after that.
    clock.seconds = 8
    reader.observeInputBeforeResults()
    #expect(read("thunder\n", 9) == [8, 9])
    // Lines read together share their read's window.
    #expect(read("a\nb\n", 12) == [9, 12])
    #expect(read(nil, 13) == [9, 12])
    close(ends[1])
    #expect(reader.nextLine() == nil)
  }

  @Test func aLineThatCameWhileTheReaderWaitedArrivedThen() throws {
    let clock = SetClock()
    clock.seconds = 20
    let (reader, ends) = try reader(on: clock)
    defer { close(ends[0]) }
    let writer = ends[1]
    DispatchQueue.global().async {
      usleep(50_000)  // the reader waits meanwhile; a late write still came during the wait
      Self.write("thunder\n", to: writer)
      close(writer)
    }
    let line = try #require(reader.nextLine())
    #expect(line.text == "thunder")
    #expect(line.arrivalUncertainty == 0)
  }
}
