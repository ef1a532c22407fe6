/// Where a batch's lines come from.
public protocol LineSource: AnyObject {
  /// The next line, without its newline, stamped with when it arrived; nil at the end of input.
  func nextLine() -> InputLine?
  /// The next line if it has already arrived, without waiting for more input and without consuming
  /// it; the batch runner groups lines that are already there.
  func peekArrivedLine() -> String?
}
