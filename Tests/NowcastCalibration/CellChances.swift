import FoundationEssentials
import StormSimulator
import StormrangeDomain
import StormrangeLocated

/// The chances of the cells of simulated networks (issue 33): every current cell's chance of coming
/// within 10 km in the next 30 minutes, at four moments of each network's hour, against whether its
/// true cell's centre did. Every cell is scored, not only those that come.
package enum CellChances {
  /// Seconds into each network's hour at which `status` is asked.
  package static let moments: [Double] = [1_200, 1_800, 2_400, 3_000]
  /// Seconds of a cell's latest strikes that say which true cell it is (the most of them).
  static let matchWindow = 600.0

  /// The outcomes of network `seed`, drawn with `physics`: one with cells that split and merge for
  /// an even seed, one of two or three steady cells for an odd one.
  package static func outcomes(seed: UInt64, physics: NetworkPhysics = .standard) throws(GeodesicUnavailable)
    -> [ChanceOutcome]
  {
    var random = SimulationRandom(seed: seed, stream: "cell chances")
    let network =
      seed.isMultiple(of: 2)
      ? LocatedNetwork.drawnChanging(duration: 3_600, physics: physics, using: &random)
      : LocatedNetwork.drawn(duration: 3_600, physics: physics, using: &random)
    let strikes = network.strikes(using: &random)
    var recording = LocatedRecording()
    var outcomes: [ChanceOutcome] = []
    var next = strikes.startIndex
    for moment in moments {
      while next < strikes.endIndex, strikes[next].time <= moment {
        try recording.record(strikes[next])
        next += 1
      }
      outcomes += score(recording, of: network, at: moment)
    }
    return outcomes
  }

  /// Each current cell's chance at `moment`, and whether the true cell it follows came within
  /// 10 km in the next 30 minutes.
  static func score(_ recording: LocatedRecording, of network: LocatedNetwork, at moment: Double)
    -> [ChanceOutcome]
  {
    let status = HistoryStatus(
      history: recording.history, now: LocatedRecording.start.addingTimeInterval(moment))
    var outcomes: [ChanceOutcome] = []
    for cell in status.cells where !cell.status.isOver {
      guard let chance = cell.status.trend.within10kmChance else { continue }
      let entries = Set(cell.status.storm.positions)
      var votes: [Int: Int] = [:]
      for strike in recording.strikes
      where strike.truth.time >= moment - matchWindow && entries.contains(strike.entry) {
        votes[CellTruth.scoredCell(strike.truth, in: network), default: 0] += 1
      }
      guard let truth = votes.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key })?.key
      else { continue }
      let track = network.cells[truth].track
      let came = stride(from: moment, through: moment + 1_800, by: 15).contains {
        track.position(at: $0).length <= SafetyAdvice.closeDistance
      }
      outcomes.append(ChanceOutcome(chance: chance, happened: came))
    }
    return outcomes
  }
}
