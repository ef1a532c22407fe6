/// A chance as a person reads it at a glance: `7 in 10`, in tenths, never a bare 0 or 10 in 10,
/// since no forecast is certain. Below 1 in 20 it is `under 1 in 20`, above 19 in 20
/// `over 19 in 20`: a chance that rounds to none or to all is still said to be possible.
enum ChanceText {
  /// The chance `value` (0...1) in words. `roundingDown` for the chances of a direction shown
  /// beside `steady`: a direction is claimed from 9 in 10 on, so a chance short of that never reads
  /// "9 in 10" next to a word that did not claim it.
  static func words(_ value: Double, roundingDown: Bool = false) -> String {
    if value < 0.05 { return "under 1 in 20" }
    if value > 0.95 { return "over 19 in 20" }
    let rule: FloatingPointRoundingRule = roundingDown ? .down : .toNearestOrAwayFromZero
    let tenths = min(max(Int((value * 10).rounded(rule)), 1), 9)
    return "\(tenths) in 10"
  }
}
