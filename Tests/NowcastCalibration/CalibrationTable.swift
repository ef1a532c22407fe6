import StormSimulator

/// The calibration's report: per scenario, every share with its count, its band and whether it
/// holds; then the bands that fail.
package enum CalibrationTable {
  /// For a terminal.
  package static func text(_ scores: [ScenarioScore], seeds: Int) -> String {
    var lines: [String] = []
    for score in scores {
      lines.append("\(score.scenario.name) (\(score.scenario.motion.rawValue); \(score.storms) storms)")
      for check in BandCheck.all(of: score, seeds: seeds) {
        lines.append(
          "  " + padded(check.label, 38) + padded(check.value, 22, left: true) + "  "
            + padded("\(check.count) \(check.countLabel)", 15) + padded(check.band, 20)
            + verdict(check.verdict))
      }
      lines.append("")
    }
    lines.append(contentsOf: summary(scores, seeds: seeds))
    return lines.joined(separator: "\n") + "\n"
  }

  /// For docs: an overview, then a heading and a table per scenario.
  package static func markdown(_ scores: [ScenarioScore], seeds: Int) -> String {
    var lines = overview(scores, seeds: seeds) + [""]
    for score in scores {
      lines.append("#### \(score.scenario.name)")
      lines.append("")
      lines.append("\(score.storms) storms; \(score.scenario.motion.rawValue).")
      lines.append("")
      lines.append("| measure | value | cases | band | verdict |")
      lines.append("|---|---:|---:|---|---|")
      for check in BandCheck.all(of: score, seeds: seeds) {
        let cells = [
          check.label, check.value, "\(check.count) \(check.countLabel)", check.band, verdict(check.verdict),
        ]
        lines.append("| " + cells.map { $0.replacingPipes }.joined(separator: " | ") + " |")
      }
      lines.append("")
    }
    lines.append(contentsOf: summary(scores, seeds: seeds))
    return lines.joined(separator: "\n") + "\n"
  }

  /// One row per scenario, one column per band: the value, marked ✗ where it fails and in
  /// parentheses where too few cases to check.
  package static func overview(_ scores: [ScenarioScore], seeds: Int) -> [String] {
    let headings = Metric.allCases.map(\.shortLabel) + ["median error vs line, km/h"]
    var lines = [
      "| scenario | " + headings.joined(separator: " | ") + " |",
      "|---|" + String(repeating: "---:|", count: headings.count),
    ]
    for score in scores {
      let cells = BandCheck.all(of: score, seeds: seeds).map { check in
        switch check.verdict {
        case .pass: check.value
        case .fail: check.value + " ✗"
        case .unchecked: check.value == "—" ? "—" : "(\(check.value))"
        }
      }
      lines.append(
        "| " + ([score.scenario.name] + cells).map(\.replacingPipes).joined(separator: " | ") + " |")
    }
    return lines
  }

  /// `N of M bands fail:` and each failure, or that all hold.
  package static func summary(_ scores: [ScenarioScore], seeds: Int) -> [String] {
    let checks = scores.flatMap { BandCheck.all(of: $0, seeds: seeds) }.filter { $0.verdict != .unchecked }
    let failures = scores.flatMap { BandCheck.failures(of: $0, seeds: seeds) }
    guard !failures.isEmpty else { return ["All \(checks.count) bands checked hold."] }
    return ["\(failures.count) of \(checks.count) bands checked fail:"] + failures.map { "- " + $0 }
  }

  static func verdict(_ verdict: BandCheck.Verdict) -> String {
    switch verdict {
    case .pass: "PASS"
    case .fail: "FAIL"
    case .unchecked: "-"
    }
  }

  static func padded(_ text: String, _ width: Int, left: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(width - text.count, 0))
    return left ? padding + text : text + padding
  }
}

extension String {
  /// `|` escaped for a markdown table cell.
  fileprivate var replacingPipes: String {
    split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
  }
}
