import Glibc
import TestSupport
import Testing

@testable import StormrangeStore

/// Writing output so that a stop ends a wait for a reader that does not read.
@Suite struct InterruptibleWriteTests {
  let directory = TemporaryDirectory()

  /// A pipe's two ends, closed when `body` returns.
  func withPipe<T>(_ body: (_ read: Int32, _ write: Int32) -> T) -> T {
    var ends: [Int32] = [0, 0]
    pipe(&ends)
    defer { ends.forEach { close($0) } }
    return body(ends[0], ends[1])
  }

  /// Everything that can be read from `descriptor` now, without waiting.
  func drain(_ descriptor: Int32) -> [UInt8] {
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = read(descriptor, &buffer, buffer.count)
      guard count > 0 else { return result }
      result += buffer[..<count]
    }
  }

  @Test func aFileTakesEverything() {
    let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0) }
    let descriptor = open(directory.file("out"), O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    #expect(InterruptibleWrite.write(bytes, to: descriptor, stop: .never) == .written)
    close(descriptor)
    #expect(directory.bytes("out") == bytes)
  }

  @Test func aPipeWithRoomTakesEverything() {
    withPipe { reader, writer in
      #expect(InterruptibleWrite.write(Array("hello\n".utf8), to: writer, stop: .never) == .written)
      #expect(drain(reader) == Array("hello\n".utf8))
    }
  }

  @Test func aStopEndsTheWaitForAReaderThatDoesNotRead() {
    withPipe { reader, writer in
      // More than a pipe holds: once it is full, the write waits, and the stop ends it.
      let bytes = [UInt8](repeating: 0x41, count: 4 << 20)
      let result = InterruptibleWrite.write(bytes, to: writer, stop: StopCheck(isRequested: { true }))
      #expect(result == .interrupted)
      // What the pipe took without waiting was handed over: the start of the output.
      let taken = drain(reader)
      #expect(!taken.isEmpty && taken.count < bytes.count)
    }
  }

  @Test func aBadDescriptorFailsWithItsErrno() {
    #expect(InterruptibleWrite.write([1, 2, 3], to: 987_654, stop: .never) == .failed(EBADF))
  }
}
