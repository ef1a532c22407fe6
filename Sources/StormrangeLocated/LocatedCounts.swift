/// What a located source brought: every message is counted in one of these.
package struct LocatedCounts: Equatable, Sendable {
  /// Strikes read, repeats not included.
  package var strikes = 0
  /// Strikes recorded in a group.
  package var recorded = 0
  /// Groups opened: entries.
  package var groups = 0
  /// Strikes given again, merged.
  package var repeated = 0
  /// Strikes farther than the radius, not recorded.
  package var beyondRadius = 0
  /// Strikes beyond the minute's bound of groups, not recorded.
  package var overBudget = 0
  /// Messages refused, by kind.
  package var refused: [LocatedProblem.Kind: Int] = [:]

  package init() {}
}
