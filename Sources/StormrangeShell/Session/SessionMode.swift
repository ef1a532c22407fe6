/// How input reaches the session, which decides prompts, confirmations and how errors are labelled.
package enum SessionMode: Equatable, Sendable {
  /// A person at a readline prompt.
  case interactive
  /// Lines from a pipe or file; errors carry their line number.
  case batch
  /// One command from the program's arguments.
  case oneShot
}
