/// Where a batch's lines come from.
package protocol LineSource: AnyObject {
  /// The next line, without its newline, stamped with when it arrived; nil at the end of input.
  func nextLine() -> InputLine?
  /// The next line if it has already arrived, without waiting for more input and without consuming
  /// it; the batch runner groups lines that are already there.
  func peekArrivedLine() -> String?
  /// Why the input ended early: the `errno` of a read that failed, nil while it has not (or at a
  /// normal end of input).
  var readFailure: Int32? { get }
  /// Looks at the input just before a command's results are written out: a program that writes its
  /// next line only once it has read them (a detector waiting for each confirmation) is then known
  /// to have written it after this moment, however long the command took.
  func observeInputBeforeResults()
  /// Whether a line arrives within `seconds`, waiting for it at most that long (or until a signal):
  /// true when ``nextLine()`` will then not wait. The default does not wait: whether a line has
  /// already arrived.
  func lineArrives(within seconds: Double) -> Bool
}

extension LineSource {
  package func observeInputBeforeResults() {}
  package func lineArrives(within seconds: Double) -> Bool { peekArrivedLine() != nil }
}
