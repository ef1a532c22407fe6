import FoundationEssentials

/// A storm's cells: its measurements grouped by place and time, by a rule over the history alone
/// (``CellRule``), so that every command finds the same cells, and a restart changes none.
///
/// The rule reads the measurements in date order:
/// - A located group joins the cell, among those with a group in the last 30 minutes
///   (``Storm/separatingGap``), that is expected nearest its place, within the cell's gate. Two
///   cells it could join that are expected within ``CellRule/mergeDistance`` of each other become
///   one: the younger joins the older. A group within no cell's gate joins, as one of its stray
///   strikes, the nearest cell whose reach it lies within (``strayReach(of:at:from:of:)``): a member
///   of the cell that neither moves it nor widens its gate. Otherwise it starts a cell.
/// - Timed thunder with a bearing joins the cell its line points at (``CellRule/bearingTolerance``),
///   the nearest to the line when several do; it does not move the cell.
/// - Every other measurement (timed thunder with no bearing, or none pointing at a cell, and a
///   detector's readings) goes to a cell without a place, grouped by time as storms are: a gap of
///   30 minutes starts another.
///
/// A cell's place is on the observer's plane, from each group's distance and bearing as recorded.
package struct StormCells: Sendable {
  /// Every cell, in order of birth (their numbers rise).
  package let cells: [StormCell]

  package init(storm: Storm) {
    var tracks: [CellTrack] = []
    var unplaced: Int?
    // The placed cells with a member in the last 30 minutes, in order of birth: kept as the clock
    // moves on (the measurements come in date order, so a cell that falls out never comes back),
    // rather than found among every cell of a long storm for each measurement.
    var live: [Int] = []
    let start = storm.start
    for (index, measurement) in storm.measurements.enumerated() {
      let seconds = measurement.date.timeIntervalSince(start)
      live.removeAll { tracks[$0].latest <= seconds - Storm.separatingGap }
      if measurement.fix != nil, let fix = Self.fix(of: measurement, at: seconds) {
        let born = tracks.count
        Self.place(index, fix, among: live, in: &tracks)
        if tracks.count > born { live.append(born) }
      } else if measurement.timing != nil, let bearing = measurement.bearing,
        let target = Self.cell(
          along: bearing.degrees, at: measurement.distance, among: live, in: tracks, at: seconds)
      {
        tracks[target].add(index, at: seconds)
      } else {
        if unplaced.map({ tracks[$0].latest <= seconds - Storm.separatingGap }) ?? true {
          tracks.append(CellTrack(number: tracks.count + 1, isPlaced: false))
          unplaced = tracks.count - 1
        }
        tracks[unplaced!].add(index, at: seconds)
      }
    }
    cells = tracks.filter { !$0.members.isEmpty }.map { track in
      let positions = track.members.map { storm.positions[$0] }
      return StormCell(
        number: track.number,
        storm: Storm(positions: positions, measurements: track.members.map { storm.measurements[$0] }),
        isPlaced: track.isPlaced)
    }
  }

  /// A located group's place on the observer's plane; nil without a bearing, unless it is at the
  /// observer (a group there has none).
  private static func fix(of measurement: Measurement, at seconds: Double) -> CellTrack.Fix? {
    guard let located = measurement.fix else { return nil }
    guard let bearing = measurement.bearing else {
      guard measurement.distance < 1 else { return nil }
      return CellTrack.Fix(seconds: seconds, east: 0, north: 0, weight: Double(max(located.strikes, 1)))
    }
    let radians = bearing.degrees * .pi / 180
    return CellTrack.Fix(
      seconds: seconds, east: measurement.distance * Math.sin(radians),
      north: measurement.distance * Math.cos(radians), weight: Double(max(located.strikes, 1)))
  }

  /// Puts the located group `index` in the nearest live cell within the gate, merging the cells it
  /// could join that are expected within the merge distance of that one, or in a new cell.
  private static func place(
    _ index: Int, _ fix: CellTrack.Fix, among live: [Int], in tracks: inout [CellTrack]
  ) {
    var near: [Candidate] = []
    // The nearest cell the group reaches only as a stray strike would (``strayReach(of:at:from:of:)``).
    var reached: Candidate?
    let range = distance((fix.east, fix.north), (0, 0))
    for track in live {
      guard let line = tracks[track].line else { continue }
      let position = line.position(at: fix.seconds)
      let gap = distance(position, (fix.east, fix.north))
      if gap <= line.gate {
        near.append(Candidate(track: track, position: position, gap: gap))
      } else if gap <= strayReach(of: fix, at: range, from: position, of: line),
        reached.map({ gap < $0.gap }) ?? true
      {
        reached = Candidate(track: track, position: position, gap: gap)
      }
    }
    near.sort { $0.gap != $1.gap ? $0.gap < $1.gap : $0.track < $1.track }
    guard let nearest = near.first else {
      if let reached {
        // A member, but not one of the groups that place the cell: strays widening its gate would
        // let a second cell's groups in too.
        tracks[reached.track].add(index, at: fix.seconds)
        return
      }
      tracks.append(CellTrack(number: tracks.count + 1, isPlaced: true))
      tracks[tracks.count - 1].add(index, at: fix.seconds, fix: fix)
      return
    }
    let merging = near.filter { distance($0.position, nearest.position) <= CellRule.mergeDistance }.map {
      $0.track
    }
    let oldest = merging.min()!
    for other in merging where other != oldest {
      tracks[oldest].absorb(tracks[other])
      tracks[other] = CellTrack(number: tracks[other].number, isPlaced: true)
    }
    tracks[oldest].add(index, at: fix.seconds, fix: fix)
  }

  /// Metres from where a cell is expected at `position` within which the group `fix`, `range` from
  /// the observer, joins it as one of its strays: the cell's ``CellLine/loneStrikeReach`` /
  /// √strikes, but never beyond ``CellRule/loneStrikeReach`` / √strikes for a group nearer the
  /// observer than the cell, and none within ``SafetyAdvice/closeDistance`` of the observer. A
  /// storm forming nearer than a cell must not be taken for that cell's edge: the lead would go to
  /// the farther one, and the nearer would not be listed.
  private static func strayReach(
    of fix: CellTrack.Fix, at range: Double, from position: (east: Double, north: Double), of line: CellLine
  ) -> Double {
    guard range > SafetyAdvice.closeDistance else { return 0 }
    let nearer = range < distance(position, (0, 0))
    return (nearer ? min(line.loneStrikeReach, CellRule.loneStrikeReach) : line.loneStrikeReach)
      / fix.weight.squareRoot()
  }

  /// A live cell a located group could join.
  private struct Candidate {
    let track: Int
    let position: (east: Double, north: Double)
    /// Metres from where the cell is expected to the group.
    let gap: Double
  }

  /// The live cell that thunder timed at `distance` on a bearing points at: its expected centre
  /// within ``CellRule/bearingTolerance`` of the line, or within ``CellRule/gate`` of it, ahead of
  /// the observer, and its range within the gate of the thunder's (thunder at 2 km is no far
  /// cell's); the nearest to the line when several are.
  private static func cell(
    along degrees: Double, at distance: Double, among live: [Int], in tracks: [CellTrack], at seconds: Double
  ) -> Int? {
    var best: (track: Int, offset: Double)?
    for track in live {
      guard let centre = tracks[track].line?.position(at: seconds) else { continue }
      let angle = abs(
        Math.wrappedDegrees(Math.bearingDegrees(east: centre.east, north: centre.north) - degrees))
      guard angle < 90 else { continue }
      let range = (centre.east * centre.east + centre.north * centre.north).squareRoot()
      let offset = range * Math.sin(angle * .pi / 180)
      guard angle <= CellRule.bearingTolerance || offset <= CellRule.gate,
        abs(range - distance) <= CellRule.gate
      else { continue }
      if best.map({ offset < $0.offset }) ?? true { best = (track, offset) }
    }
    return best?.track
  }

  private static func distance(_ a: (east: Double, north: Double), _ b: (east: Double, north: Double))
    -> Double
  {
    let (east, north) = (a.east - b.east, a.north - b.north)
    return (east * east + north * north).squareRoot()
  }
}
