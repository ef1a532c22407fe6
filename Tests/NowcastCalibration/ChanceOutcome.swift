/// A chance given for an event, and whether the event came: one storm's entry in a reliability
/// table or a Brier score.
public struct ChanceOutcome: Equatable, Sendable {
  /// 0...1.
  public let chance: Double
  public let happened: Bool

  public init(chance: Double, happened: Bool) {
    self.chance = chance
    self.happened = happened
  }
}
