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
  /// Until the estimator of issue 20 lands, the bands are checked and their failures reported as
  /// known issues, without failing the suite: the old estimator fails many (the table of
  /// `Scripts/calibrate`). Set this to true to enforce them.
  static let bandsEnforced = false

  static let seeds: ClosedRange<UInt64> = 1...60
  static let chance = 3.0

  @Test(arguments: Scenario.all.map(\.name))
  func bandsHold(scenario name: String) {
    let score = ScenarioScore(scenario: Scenario.named(name)!, seeds: Self.seeds)
    let failures = BandCheck.failures(of: score, seeds: Self.seeds.count, chance: Self.chance)
    if Self.bandsEnforced {
      #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    } else {
      withKnownIssue("the estimator before issue 20 misses these bands", isIntermittent: true) {
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
      }
    }
  }
}
