import StormSimulator

/// The population's report (``PopulationScore``): the reliability table of the chance of coming
/// within 10 km in 30 minutes, the other bands, the warning's contingency tables beside the
/// six-range line's, and a line per way of observing; as markdown for the docs, the same tables
/// for a terminal.
package enum PopulationTable {
  /// Markdown tables, with a heading line before each.
  package static func markdown(_ score: PopulationScore) -> [String] {
    let checks = BandCheck.population(of: score)
    let reliabilityChecks = checks.filter { $0.label.hasPrefix("chance ") }
    let others = checks.filter { !$0.label.hasPrefix("chance ") }
    var lines = [heading(score), ""]
    lines += ["| chance | storms | mean chance | came | band | verdict |", "|---|---:|---:|---:|---|---|"]
    for (bin, check) in zip(score.reliability.bins, reliabilityChecks) {
      let mean = bin.meanChance.map { Band.percent($0) } ?? "—"
      let came = bin.share.map { Band.percent($0) } ?? "—"
      lines.append(
        row([bin.label, "\(bin.count)", mean, came, check.band, CalibrationTable.verdict(check.verdict)]))
    }
    lines += ["", "| measure | value | cases | band | verdict |", "|---|---:|---:|---|---|"]
    for check in others {
      lines.append(
        row([
          check.label, check.value, "\(check.count) \(check.countLabel)", check.band,
          CalibrationTable.verdict(check.verdict),
        ]))
    }
    lines += [
      "", "| warning | hits | misses | false alarms | POD | FAR | CSI |",
      "|---|---:|---:|---:|---:|---:|---:|",
    ]
    lines.append(row(["chance ≥ 30 %"] + contingencyCells(score.chanceWarning)))
    lines.append(row(["six-range line"] + contingencyCells(score.lineWarning)))
    lines += ["", "| observed | storms | came | Brier skill | POD | FAR |", "|---|---:|---:|---:|---:|---:|"]
    for kind in ObservationKind.allCases {
      lines.append(row([kind.label] + kindCells(score.only(kind))))
    }
    return lines
  }

  /// For a terminal: the same tables, their columns padded.
  package static func text(_ score: PopulationScore) -> [String] {
    markdown(score).compactMap { line in
      guard line.hasPrefix("|") else { return line }
      if line.hasPrefix("|---") { return nil }
      let cells = line.dropFirst(2).dropLast(2).split(separator: " | ", omittingEmptySubsequences: false).map(
        String.init)
      return "  " + cells.enumerated().map { CalibrationTable.padded($1, $0 == 0 ? 40 : 16) }.joined()
    }
  }

  /// `N of M population bands fail:` and each failure, or that all hold.
  package static func summary(_ score: PopulationScore) -> [String] {
    let checked = BandCheck.population(of: score).filter { $0.verdict != .unchecked }
    let failures = BandCheck.populationFailures(of: score)
    guard !failures.isEmpty else { return ["All \(checked.count) population bands checked hold."] }
    return ["\(failures.count) of \(checked.count) population bands checked fail:"]
      + failures.map { "- " + $0 }
  }

  static func heading(_ score: PopulationScore) -> String {
    let came = score.outcomes.count { $0.came }
    let rate = score.storms > 0 ? Band.percent(Double(came) / Double(score.storms)) : "—"
    return "Population: \(score.storms) storms, \(came) within 10 km in the next 30 minutes (\(rate))."
  }

  static func contingencyCells(_ table: Contingency) -> [String] {
    [
      "\(table.hits)", "\(table.misses)", "\(table.falseAlarms)", percent(table.probabilityOfDetection),
      percent(table.falseAlarmRatio), table.criticalSuccessIndex.map { BandCheck.fixed($0, 2) } ?? "—",
    ]
  }

  static func kindCells(_ score: PopulationScore) -> [String] {
    let came = score.outcomes.count { $0.came }
    let skill = score.arrivalSkill?.skill.map { BandCheck.fixed($0, 2) } ?? "—"
    let warning = score.chanceWarning
    return [
      "\(score.storms)", "\(came)", skill, percent(warning.probabilityOfDetection),
      percent(warning.falseAlarmRatio),
    ]
  }

  static func percent(_ share: Double?) -> String { share.map { Band.percent($0) } ?? "—" }

  static func row(_ cells: [String]) -> String {
    "| " + cells.map { $0.replacing("|", with: "\\|") }.joined(separator: " | ") + " |"
  }
}
