import StormSimulator

/// The cells' chances (``CellChances``) against the chances issue's bands, pooled over every cell:
/// the reliability table, each bin within ``CalibrationBands/reliabilityFloor`` or
/// ``CalibrationBands/reliabilityZ`` binomial standard errors of its mean chance (bins of fewer
/// than ``CalibrationBands/reliabilityMinimumCount`` cells unchecked), and the Brier skill at
/// least ``CalibrationBands/chanceSkill``.
package enum CellChanceTable {
  /// Markdown: the reliability table, then the skill.
  package static func markdown(
    _ outcomes: [ChanceOutcome], networks: Int, physics: NetworkPhysics = .standard
  )
    -> [String]
  {
    let drawn = physics == .standard ? "" : " (\(physics.name) physics)"
    var lines = [
      "Cells of \(networks) simulated networks\(drawn), \(outcomes.count) chances (every current cell at "
        + "\(CellChances.moments.count) moments of each hour):", "",
      "| chance | cells | mean chance | came | band | verdict |", "|---|---:|---:|---:|---|---|",
    ]
    for check in checks(outcomes) {
      lines.append(
        "| \(check.label) | \(check.count) | \(check.mean) | \(check.came) | \(check.band) | \(check.verdict) |"
      )
    }
    return lines
  }

  /// Whether every checked band holds.
  package static func holds(_ outcomes: [ChanceOutcome]) -> Bool {
    checks(outcomes).allSatisfy { $0.verdict != "fails" }
  }

  struct Check {
    let label: String
    let count: Int
    let mean: String
    let came: String
    let band: String
    let verdict: String
  }

  static func checks(_ outcomes: [ChanceOutcome]) -> [Check] {
    var checks = ReliabilityTable(outcomes).bins.map { bin -> Check in
      let mean = bin.meanChance.map { Band.percent($0) } ?? "—"
      let came = bin.share.map { Band.percent($0) } ?? "—"
      guard
        bin.count >= CalibrationBands.reliabilityMinimumCount,
        let allowance = bin.allowance(
          z: CalibrationBands.reliabilityZ, floor: CalibrationBands.reliabilityFloor),
        let reliable = bin.isReliable(
          z: CalibrationBands.reliabilityZ, floor: CalibrationBands.reliabilityFloor)
      else {
        return Check(
          label: bin.label, count: bin.count, mean: mean, came: came,
          band: "(fewer than \(CalibrationBands.reliabilityMinimumCount))", verdict: "unchecked")
      }
      return Check(
        label: bin.label, count: bin.count, mean: mean, came: came, band: "mean ± \(Band.percent(allowance))",
        verdict: reliable ? "holds" : "fails")
    }
    let skill = BrierSkill(outcomes)
    let value = skill?.skill
    checks.append(
      Check(
        label: "Brier skill", count: outcomes.count, mean: value.map { BandCheck.fixed($0, 2) } ?? "—",
        came: skill.map { "base rate " + Band.percent($0.baseRate) } ?? "—",
        band: "≥ \(BandCheck.fixed(CalibrationBands.chanceSkill, 2))",
        verdict: value.map { $0 >= CalibrationBands.chanceSkill ? "holds" : "fails" } ?? "unchecked"))
    return checks
  }
}
