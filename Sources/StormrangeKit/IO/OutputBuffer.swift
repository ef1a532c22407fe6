/// Text on its way to a file descriptor, held until ``flush()`` so that the batch runner can show a
/// group's confirmations only after the group is on disk (and drop them if it is not).
public final class OutputBuffer: TextSink {
  private var pending: [UInt8] = []
  private let destination: ([UInt8]) -> Bool
  /// False once the destination refused a write (a closed pipe).
  public private(set) var isOpen = true

  /// `destination` writes the bytes and returns false when it can no longer take any.
  public init(destination: @escaping ([UInt8]) -> Bool) { self.destination = destination }

  public func write(_ text: String) { pending.append(contentsOf: text.utf8) }

  /// Sends what is held; returns false if the destination is closed.
  @discardableResult
  public func flush() -> Bool {
    guard !pending.isEmpty else { return isOpen }
    if isOpen { isOpen = destination(pending) }
    pending.removeAll(keepingCapacity: pending.count < 1 << 20)
    return isOpen
  }

  /// Forgets what has not been flushed.
  public func discardUnflushed() { pending.removeAll(keepingCapacity: true) }
}
