/// The storms given a chance in one interval, and how often the event came for them: one row of a
/// reliability table.
package struct ReliabilityBin: Equatable, Sendable {
  /// The chances it holds: from `lower`, included, to `upper`, excluded (included for 1).
  package let lower: Double
  package let upper: Double
  package let count: Int
  /// The mean chance given; nil when empty.
  package let meanChance: Double?
  /// The share of the storms for which the event came; nil when empty.
  package let share: Double?

  /// The bin from `lower` to `upper` of `outcomes`, those given a chance in it.
  package init(lower: Double, upper: Double, of outcomes: [ChanceOutcome]) {
    self.lower = lower
    self.upper = upper
    let inside = outcomes.filter {
      $0.chance >= lower && ($0.chance < upper || (upper >= 1 && $0.chance <= 1))
    }
    count = inside.count
    guard !inside.isEmpty else {
      (meanChance, share) = (nil, nil)
      return
    }
    meanChance = inside.reduce(0) { $0 + $1.chance } / Double(inside.count)
    share = Double(inside.count { $0.happened }) / Double(inside.count)
  }

  /// How far the share may lie from the mean chance: `floor`, or `z` binomial standard errors of a
  /// share of ``count`` storms whose true chance is the mean, √(p(1 − p)/n), if wider. Nil when empty.
  package func allowance(z: Double, floor: Double) -> Double? {
    guard let meanChance, count > 0 else { return nil }
    return max(floor, z * (meanChance * (1 - meanChance) / Double(count)).squareRoot())
  }

  /// Whether the share lies within ``allowance(z:floor:)`` of the mean chance; nil when empty.
  package func isReliable(z: Double, floor: Double) -> Bool? {
    guard let meanChance, let share, let allowance = allowance(z: z, floor: floor) else { return nil }
    return abs(share - meanChance) <= allowance
  }

  /// `15–30 %`.
  package var label: String {
    "\(Band.percent(lower, sign: false))–\(Band.percent(upper))"
  }
}
