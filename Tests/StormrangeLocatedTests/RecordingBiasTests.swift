import FoundationEssentials
import NowcastCalibration
import StormSimulator
import Testing

@testable import StormrangeDomain
@testable import StormrangeLocated

/// What the groups record is, on average, where the strikes were: on simulated cells (two or
/// three at once, 0.3–2 km location error, 70–95 % detection, tens of strikes a minute), the mean
/// range recorded (each group's mean position, weighted by its strikes) minus the strikes' true
/// mean range is within 0.2 km (issue 32).
@Suite struct RecordingBiasTests {
  static let observer = GeoPosition(latitude: 51.5, longitude: -0.12)!

  /// `point`, metres east and north of the observer, on the ellipsoid, as the simulator maps it.
  static func position(_ point: PlaneVector) -> GeoPosition { LocatedRecording.position(point) }

  @Test(arguments: [1, 2, 3, 4] as [UInt64]) func theMeanRecordedRangeIsWithinAFifthOfAKilometreOfTheTruth(
    seed: UInt64
  ) throws {
    var random = SimulationRandom(seed: seed, stream: "located bias")
    let network = LocatedNetwork.drawn(duration: 3600, using: &random)
    let strikes = network.strikes(using: &random)
    let start = Date(timeIntervalSince1970: 1_795_773_600)
    var grouper = StrikeGrouper(observer: Self.observer, radius: MeasurementRules.maximumDistance)
    /// Each group's strikes' true ranges, by its id, and its last state.
    var trueRanges: [Int: [Double]] = [:]
    var groups: [Int: LocatedGroup] = [:]
    for truth in strikes {
      let date = start.addingTimeInterval(truth.time)
      let strike = LocatedStrike(date: date, position: Self.position(truth.reported))
      switch try grouper.receive(strike, arrival: date) {
      case .opened(let group), .joined(let group):
        groups[group.id] = group
        trueRanges[group.id, default: []].append(
          try LocatedRange(from: Self.observer, to: Self.position(truth.position)).metres)
      case .repeated, .beyondRadius, .overBudget: continue
      }
    }
    var recorded = 0.0
    var truth = 0.0
    var count = 0
    for (id, group) in groups {
      let mean = try LocatedRange(from: Self.observer, to: group.meanPosition).metres
      recorded += mean * Double(group.count)
      truth += trueRanges[id]!.reduce(0, +)
      count += group.count
    }
    #expect(count > 1000)
    let bias = (recorded - truth) / Double(count)
    #expect(abs(bias) <= 200, "bias \(bias) m over \(count) strikes in \(groups.count) groups")
  }
}
