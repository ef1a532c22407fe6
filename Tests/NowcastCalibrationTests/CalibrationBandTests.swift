import NowcastCalibration
import StormSimulator
import Testing

/// The issue's bands (``CalibrationBands``) at fixed seeds: fewer than the 200 of
/// `Scripts/calibrate`, so that the suite stays within about a minute of the debug build, and the
/// bands widened to match.
///
/// The widening: a share measured over n cases scatters by √(p(1 − p)/n) about its true value p.
/// Each bound moves outward by ``chance`` = 3 such standard errors at the count measured, and each
/// median compared by the same allowance on its rank (``BandCheck/all(of:seeds:chance:)``). An
/// estimator whose true share sits exactly on a bound then fails one check by chance 0.13 % of the
/// time, so the ~170 checks of a good estimator pass together; one 3σ worse fails.
@Suite struct CalibrationBandTests {
  /// The bands the nowcast does not meet yet, by scenario and metric label, each a known issue
  /// (docs/science.md#calibration lists them): every other band is enforced. A listed band may
  /// hold at these seeds, where the bands are widened for chance, though it misses at 200.
  static let unmet: [String: Set<String>] = [
    "within 10 km in 30 min: chance ≥ 30 %": [
      "head-on, ranges only", "passing 5-12 km, bearings", "short, 6 min every 20 s", "slow, 10-18 km/h",
      "still, then charging", "turning toward you", "AS3935 only", "detector, 10 %",
    ],
    "within 10 km: >5 min before earliest": ["still, then charging"],
    "trend rate within 1σ": [
      "passing fast, ranges only", "short, 6 min every 20 s", "still, then charging", "AS3935 only",
      "AS3935 far, then ears near",
    ],
    "trend rate within 2σ": ["passing fast, ranges only", "still, then charging", "AS3935 only"],
    "closest distance within 2σ": ["multicell, bearings", "short, 6 min every 20 s", "turning toward you"],
    "closest time within 2σ": ["multicell, bearings"],
    "median |rate error| vs 6-range line": ["still, then charging"],
    "heading within 2σ": ["turning 45 degrees"],
  ]

  /// The population's bands (``BandCheck/population(of:chance:)``) it does not meet yet at 2,000
  /// storms, by label, each a known issue (docs/science.md#calibration lists them); every other is
  /// enforced. At 400 storms, widened for chance, a listed band may hold.
  static let unmetInPopulation: Set<String> = ["warning (chance ≥ 30 %): detected"]

  static let seeds: ClosedRange<UInt64> = 1...60
  static let chance = 3.0
  /// The population's storms: a fifth of the 2,000 its bands are set for.
  static let populationSeeds: ClosedRange<UInt64> = 1...400

  @Test(arguments: Scenario.all.map(\.name))
  func bandsHold(scenario name: String) {
    let score = ScenarioScore(scenario: Scenario.named(name)!, seeds: Self.seeds)
    let checks = BandCheck.all(of: score, seeds: Self.seeds.count, chance: Self.chance)
    for check in checks where check.verdict != .unchecked {
      let known = Self.unmet[check.label]?.contains(name) ?? false
      let text =
        "\(name): \(check.label) \(check.value) of \(check.count) \(check.countLabel), band \(check.band)"
      if known {
        withKnownIssue("not met yet: \(text)", isIntermittent: true) {
          #expect(check.verdict == .pass, "\(text)")
        }
      } else {
        #expect(check.verdict == .pass, "\(text)")
      }
    }
  }

  @Test func populationBandsHold() {
    let score = PopulationScore(seeds: Self.populationSeeds)
    for check in BandCheck.population(of: score, chance: Self.chance) where check.verdict != .unchecked {
      let text =
        "population: \(check.label) \(check.value) of \(check.count) \(check.countLabel), band \(check.band)"
      if Self.unmetInPopulation.contains(check.label) {
        withKnownIssue("not met yet: \(text)", isIntermittent: true) {
          #expect(check.verdict == .pass, "\(text)")
        }
      } else {
        #expect(check.verdict == .pass, "\(text)")
      }
    }
  }
}
