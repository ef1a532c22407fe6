/// How much better a set of chances is than always saying the base rate: the Brier skill score,
/// 1 − B / B_ref, where B is the mean of (chance − outcome)² and B_ref = b(1 − b) that of the
/// constant chance b, the events' own frequency over the same cases (Wilks, *Statistical Methods in
/// the Atmospheric Sciences*, §8.4). 1 is perfect, 0 no better than the base rate; a base rate taken
/// from the cases themselves is the hardest reference of its kind to beat.
package struct BrierSkill: Equatable, Sendable {
  package let count: Int
  /// The share of cases in which the event came.
  package let baseRate: Double
  /// The mean squared difference between chance and outcome (1 or 0).
  package let brierScore: Double
  /// Nil when the event always or never came: the base rate is then perfect, and no skill is
  /// measured against it.
  package let skill: Double?
  /// One standard error of ``skill`` from the scatter of the cases' squared errors, the reference
  /// taken as known: √(var((p − o)²) / n) / B_ref.
  package let standardError: Double?

  /// The skill of `outcomes`; nil when there are none.
  package init?(_ outcomes: [ChanceOutcome]) {
    guard !outcomes.isEmpty else { return nil }
    let n = Double(outcomes.count)
    let squared = outcomes.map { ($0.chance - ($0.happened ? 1 : 0)) * ($0.chance - ($0.happened ? 1 : 0)) }
    count = outcomes.count
    baseRate = Double(outcomes.count { $0.happened }) / n
    let brier = squared.reduce(0, +) / n
    brierScore = brier
    let reference = baseRate * (1 - baseRate)
    guard reference > 0 else {
      (skill, standardError) = (nil, nil)
      return
    }
    skill = 1 - brier / reference
    let variance = squared.reduce(0) { $0 + ($1 - brier) * ($1 - brier) } / max(n - 1, 1)
    standardError = (variance / n).squareRoot() / reference
  }
}
