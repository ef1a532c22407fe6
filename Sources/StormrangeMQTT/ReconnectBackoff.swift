/// How long `mqtt` waits before it tries the broker again: 1 s after the first failure, doubling
/// with each failure in a row up to 30 s; a connection that succeeds starts again from 1 s.
struct ReconnectBackoff: Equatable, Sendable {
  package static let first: Double = 1
  package static let longest: Double = 30

  /// The wait before the next try.
  package private(set) var delay = first

  package init() {}

  /// The wait after one more failure in a row, and the one after it doubled.
  package mutating func failed() -> Double {
    defer { delay = min(delay * 2, Self.longest) }
    return delay
  }

  mutating func succeeded() { delay = Self.first }
}
