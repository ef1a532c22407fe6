/// What the loop does after a command.
package enum Outcome: Equatable, Sendable {
  case proceed
  case quit
  /// One command from the arguments only: the process ends with this status
  /// (`status --exit-code`). Commands refuse to return it in a batch or at the prompt.
  case exitStatus(Int32)
}
