/// What the loop does after a command.
public enum Outcome: Equatable, Sendable {
  case proceed
  case quit
}
