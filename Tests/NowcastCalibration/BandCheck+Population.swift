extension BandCheck {
  /// Every population band (``CalibrationBands/populationStorms``) checked against `score`.
  ///
  /// `chance` widens them for fewer storms than they were set for, as ``all(of:seeds:chance:)``
  /// does the scenarios': a reliability bin's allowance becomes `chance` binomial standard errors
  /// where that is wider than its written ``CalibrationBands/reliabilityZ`` (the floor stays), and
  /// its minimum count scales with the storms; a skill's bound moves down by `chance` of its standard
  /// errors (``BrierSkill/standardError``); the detection and false-alarm shares' bounds by `chance`
  /// binomial standard errors; the line's CSI, which the chance's must beat, by `chance` standard
  /// errors of the difference. 0 checks the bands as written.
  package static func population(of score: PopulationScore, chance: Double = 0) -> [BandCheck] {
    reliability(of: score, chance: chance)
      + [
        skill(
          "Brier skill: within 10 km in 30 min", score.arrivalSkill, CalibrationBands.chanceSkill, chance),
        skill("Brier skill: approaching", score.approachingSkill, CalibrationBands.directionSkill, chance),
        skill("Brier skill: receding", score.recedingSkill, CalibrationBands.directionSkill, chance),
      ] + warning(of: score, chance: chance)
  }

  /// The population checks that fail, one line each.
  package static func populationFailures(of score: PopulationScore, chance: Double = 0) -> [String] {
    population(of: score, chance: chance).filter { $0.verdict == .fail }.map {
      "population: \($0.label) \($0.value) of \($0.count) \($0.countLabel), band \($0.band)"
    }
  }

  /// A row per bin of the reliability table: the share that came beside the mean chance.
  static func reliability(of score: PopulationScore, chance: Double) -> [BandCheck] {
    let minimum = Int(
      (Double(CalibrationBands.reliabilityMinimumCount * score.storms)
        / Double(CalibrationBands.populationStorms)).rounded(.up))
    let z = max(CalibrationBands.reliabilityZ, chance)
    return score.reliability.bins.map { bin in
      let label = "chance \(bin.label): came"
      guard let mean = bin.meanChance, let share = bin.share,
        let allowance = bin.allowance(z: z, floor: CalibrationBands.reliabilityFloor)
      else {
        return BandCheck(
          label: label, value: "—", count: 0, countLabel: "storms", band: "(none)", verdict: .unchecked)
      }
      let value = "\(Band.percent(share)) vs \(Band.percent(mean))"
      guard bin.count >= minimum else {
        return BandCheck(
          label: label, value: value, count: bin.count, countLabel: "storms", band: "(fewer than \(minimum))",
          verdict: .unchecked)
      }
      return BandCheck(
        label: label, value: value, count: bin.count, countLabel: "storms",
        band: "mean ± \(Band.percent(allowance))", verdict: abs(share - mean) <= allowance ? .pass : .fail)
    }
  }

  static func skill(_ label: String, _ skill: BrierSkill?, _ bound: Double, _ chance: Double) -> BandCheck {
    guard let skill, let value = skill.skill else {
      return BandCheck(
        label: label, value: "—", count: skill?.count ?? 0, countLabel: "storms", band: "(no events)",
        verdict: .unchecked)
    }
    let widened = bound - chance * (skill.standardError ?? 0)
    return BandCheck(
      label: label, value: Self.fixed(value, 2), count: skill.count, countLabel: "storms",
      band: "≥ \(Self.fixed(widened, 2))", verdict: value >= widened ? .pass : .fail)
  }

  /// The chance's warning: its detection, its false alarms, and its CSI against the line's.
  static func warning(of score: PopulationScore, chance: Double) -> [BandCheck] {
    let warning = score.chanceWarning
    let line = score.lineWarning
    let events = warning.hits + warning.misses
    let warnings = warning.hits + warning.falseAlarms
    var checks = [
      share(
        "warning (chance ≥ 30 %): detected", warning.probabilityOfDetection, events, "arriving",
        CalibrationBands.probabilityOfDetection, chance),
      share(
        "warning (chance ≥ 30 %): false alarms", warning.falseAlarmRatio, warnings, "warnings",
        CalibrationBands.falseAlarmRatio, chance),
    ]
    let label = "warning: CSI vs six-range line"
    guard let csi = warning.criticalSuccessIndex, let lineCSI = line.criticalSuccessIndex else {
      checks.append(
        BandCheck(
          label: label, value: "—", count: 0, countLabel: "cases", band: "(none)", verdict: .unchecked))
      return checks
    }
    func variance(_ share: Double, _ count: Int) -> Double { share * (1 - share) / Double(max(count, 1)) }
    let allowance =
      chance
      * (variance(csi, warning.criticalSuccessCount) + variance(lineCSI, line.criticalSuccessCount))
      .squareRoot()
    let band = chance > 0 ? "> line − \(Self.fixed(allowance, 2))" : "> line"
    checks.append(
      BandCheck(
        label: label, value: "\(Self.fixed(csi, 2)) vs \(Self.fixed(lineCSI, 2))",
        count: warning.criticalSuccessCount, countLabel: "cases", band: band,
        verdict: csi > lineCSI - allowance ? .pass : .fail))
    return checks
  }

  static func share(
    _ label: String, _ value: Double?, _ count: Int, _ countLabel: String, _ band: Band, _ chance: Double
  ) -> BandCheck {
    guard let value else {
      return BandCheck(
        label: label, value: "—", count: count, countLabel: countLabel, band: "(none)", verdict: .unchecked)
    }
    let widened = band.widened(z: chance, count: count)
    return BandCheck(
      label: label, value: Band.percent(value), count: count, countLabel: countLabel,
      band: widened.description, verdict: widened.contains(value) ? .pass : .fail)
  }

  /// `value` with `digits` decimals.
  static func fixed(_ value: Double, _ digits: Int) -> String {
    ScoredStorm.fixed(value, digits)
  }
}
