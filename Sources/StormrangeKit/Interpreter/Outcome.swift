import StormrangeBase
import StormrangeDomain
import StormrangePropertyList
import StormrangeStore

/// What the loop does after a command.
public enum Outcome: Equatable, Sendable {
  case proceed
  case quit
}
