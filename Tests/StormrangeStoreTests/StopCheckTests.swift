import Glibc
import Testing

@testable import StormrangeStore

/// A wait for a descriptor that a stop ends, and that a timeout ends (the prompt's, which redraws a
/// prompt that changes with the clock).
@Suite struct StopCheckTests {
  /// A pipe's two ends, closed when `body` returns.
  func withPipe<T>(_ body: (_ read: Int32, _ write: Int32) -> T) -> T {
    var ends: [Int32] = [0, 0]
    pipe(&ends)
    defer { ends.forEach { close($0) } }
    return body(ends[0], ends[1])
  }

  @Test func aWaitWithNothingToReadEndsAtItsTimeoutAndOnlyThen() {
    withPipe { reader, writer in
      #expect(StopCheck.never.wait(for: reader, events: Int16(POLLIN), timeout: 20) == .timedOut)
      var byte: UInt8 = 1
      _ = write(writer, &byte, 1)
      #expect(StopCheck.never.wait(for: reader, events: Int16(POLLIN), timeout: 20) == .ready(waited: false))
    }
  }

  /// A stop requested before the wait begins, its byte already on the wake pipe, ends the wait at
  /// once: the gap a signal landing just before a wait would otherwise fall into.
  @Test func aStopRequestedBeforeTheWaitEndsItWhateverTheTimeout() {
    withPipe { reader, _ in
      withPipe { wake, waker in
        var byte: UInt8 = 1
        _ = write(waker, &byte, 1)
        let stop = StopCheck(isRequested: { true }, wake: wake)
        #expect(stop.wait(for: reader, events: Int16(POLLIN)) == .stopped)
        #expect(stop.wait(for: reader, events: Int16(POLLIN), timeout: 10_000) == .stopped)
      }
    }
  }
}
