/// A chance given for an event, and whether the event came: one storm's entry in a reliability
/// table or a Brier score.
package struct ChanceOutcome: Equatable, Sendable {
  /// 0...1.
  package let chance: Double
  package let happened: Bool

  package init(chance: Double, happened: Bool) {
    self.chance = chance
    self.happened = happened
  }
}
