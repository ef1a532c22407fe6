import FoundationEssentials
import NowcastCalibration
import StormSimulator
import StormrangeDomain
import Testing

/// The arithmetic of scoring chances, on hand-made numbers.
@Suite struct ChanceScoringTests {
  func outcome(_ chance: Double, _ happened: Bool) -> ChanceOutcome {
    ChanceOutcome(chance: chance, happened: happened)
  }

  @Test func chancesFallIntoTheirBinsEdgesGoingUp() {
    let outcomes = [
      outcome(0, false), outcome(0.04, true), outcome(0.05, false), outcome(0.149, true),
      outcome(0.95, true), outcome(1, true), outcome(0.3, false),
    ]
    let bins = ReliabilityTable(outcomes).bins
    #expect(bins.map(\.count) == [2, 2, 0, 1, 0, 0, 0, 2])
    #expect(bins.map(\.label).first == "0–5 %" && bins.map(\.label).last == "95–100 %")
    #expect(abs(bins[0].meanChance! - 0.02) < 1e-12 && bins[0].share == 0.5)
    #expect(abs(bins[1].meanChance! - 0.0995) < 1e-12 && bins[1].share == 0.5)
    #expect(
      bins[2].meanChance == nil && bins[2].share == nil && bins[2].isReliable(z: 2.5, floor: 0.1) == nil)
    #expect(bins[3].share == 0 && bins[7].share == 1 && abs(bins[7].meanChance! - 0.975) < 1e-12)
  }

  /// The allowance is the floor, or 2.5 binomial standard errors at the mean chance if wider.
  @Test func aBinIsReliableWithinTheFloorOrItsStandardErrors() {
    // 100 storms given 50 %: σ = 0.05, so 2.5σ = 0.125 beats the floor of 0.10.
    let wide = ReliabilityBin(
      lower: 0.3, upper: 0.7, of: (0..<100).map { outcome(0.5, $0 < 62) })
    #expect(abs(wide.allowance(z: 2.5, floor: 0.1)! - 0.125) < 1e-12)
    #expect(wide.isReliable(z: 2.5, floor: 0.1) == true)
    // 400 storms: 2.5σ = 0.0625, so the floor: 62 % of them is 0.12 off, too far.
    let narrow = ReliabilityBin(
      lower: 0.3, upper: 0.7, of: (0..<400).map { outcome(0.5, $0 < 248) })
    #expect(narrow.allowance(z: 2.5, floor: 0.1) == 0.1)
    #expect(narrow.isReliable(z: 2.5, floor: 0.1) == false)
  }

  @Test func brierSkillIsMeasuredAgainstTheBaseRate() {
    // Squared errors 0.04, 0.04, 0.36, 0.36: B = 0.2; base rate 1/2, B_ref = 0.25; skill 0.2.
    let skill = BrierSkill([outcome(0.8, true), outcome(0.2, false), outcome(0.6, false), outcome(0.4, true)]
    )!
    #expect(skill.count == 4 && skill.baseRate == 0.5)
    #expect(abs(skill.brierScore - 0.2) < 1e-12)
    #expect(abs(skill.skill! - 0.2) < 1e-12)
    // The squared errors' sample variance 4 × 0.16² / 3, over n = 4, rooted, over 0.25.
    #expect(abs(skill.standardError! - (4 * 0.0256 / 3 / 4).squareRoot() / 0.25) < 1e-12)
    // Saying the base rate is skill 0; certainty and right, 1.
    let constant = BrierSkill([
      outcome(0.25, true), outcome(0.25, false), outcome(0.25, false), outcome(0.25, false),
    ])!
    #expect(abs(constant.skill!) < 1e-12)
    #expect(BrierSkill([outcome(1, true), outcome(0, false)])!.skill == 1)
    // Without events no skill is measured; without cases nothing.
    #expect(BrierSkill([outcome(0.3, false)])!.skill == nil)
    #expect(BrierSkill([]) == nil)
  }

  @Test func theContingencyTableCountsHitsMissesAndFalseAlarms() {
    var table = Contingency()
    for (warned, happened, times) in [(true, true, 3), (false, true, 1), (true, false, 2), (false, false, 4)]
    {
      for _ in 0..<times { table.add(warned: warned, happened: happened) }
    }
    #expect(table == Contingency(hits: 3, misses: 1, falseAlarms: 2, correctNegatives: 4))
    #expect(table.probabilityOfDetection == 0.75)
    #expect(table.falseAlarmRatio == 0.4)
    #expect(table.criticalSuccessIndex == 0.5)
    #expect(Contingency().probabilityOfDetection == nil && Contingency().criticalSuccessIndex == nil)
  }

  /// A detector's reading every minute, from `first` km by `step` km a minute.
  func ranges(from first: Double, by step: Double, count: Int = 8) -> [Measurement] {
    (0..<count).map { index in
      Measurement(
        date: Date(timeIntervalSince1970: 1_750_000_000 + Double(index * 60)),
        distance: (first + step * Double(index)) * 1000,
        origin: .detector(source: DetectorSource("detector")!),
        bearing: nil, note: nil)
    }
  }

  @Test func theLineWarnsWhenItReaches10KilometresWithin30Minutes() {
    let status = Date(timeIntervalSince1970: 1_750_000_000 + 8 * 60)
    func warns(_ measurements: [Measurement]) -> Bool {
      SixRangeLine.warns(of: measurements, at: status, within: 10_000, window: 1800)
    }
    // 20 km at minute 0, 0.3 km nearer a minute: 17.6 km at the status, 8.6 km 30 min on.
    #expect(warns(ranges(from: 20, by: -0.3)))
    // 0.2 km a minute: 12.4 km 30 min on.
    #expect(!warns(ranges(from: 20, by: -0.2)))
    // Going away from 9 km: the last range is within 10 km.
    #expect(warns(ranges(from: 9, by: 0.1, count: 1)))
    #expect(!warns(ranges(from: 11, by: 0.5)))
    let line = SixRangeLine.range(of: ranges(from: 20, by: -0.3), at: status)!
    #expect(abs(line - 17_600) < 1e-6)
  }

  @Test func arrivalsNeedAChanceOf30PercentInMostScenarios() {
    #expect(CalibrationBands.warningChance == 0.3)
    for scenario in Scenario.all {
      let lenient = ["AS3935 only", "multicell, ranges only"].contains(scenario.name)
      #expect(CalibrationBands.band(.arrivalChanceGiven, in: scenario) == .atLeast(lenient ? 0.5 : 0.75))
    }
  }
}
