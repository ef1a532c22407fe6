import FoundationEssentials

/// A cell as ``StormCells`` follows it: the members it has gathered, and its latest located groups,
/// which say where it is expected at any moment.
struct CellTrack {
  /// A located group's place on the observer's plane, metres east and north, and its weight (its
  /// count of strikes).
  struct Fix {
    let seconds: Double
    let east: Double
    let north: Double
    let weight: Double
  }

  /// The cell's number, in order of birth.
  let number: Int
  /// Indices into the storm's measurements.
  private(set) var members: [Int] = []
  /// The located groups of the last ``CellRule/trackMemory`` before the latest, oldest first.
  private(set) var recent: [Fix] = []
  /// Whether the cell holds located groups (a track of measurements without a position does not).
  let isPlaced: Bool

  init(number: Int, isPlaced: Bool) {
    self.number = number
    self.isPlaced = isPlaced
  }

  /// When its latest member was, seconds on the storm's clock.
  private(set) var latest = -Double.infinity

  mutating func add(_ member: Int, at seconds: Double, fix: Fix? = nil) {
    members.append(member)
    latest = max(latest, seconds)
    guard let fix else { return }
    recent.append(fix)
    let start = fix.seconds - CellRule.trackMemory
    if let first = recent.firstIndex(where: { $0.seconds >= start }), first > 0 { recent.removeFirst(first) }
  }

  /// Takes in `other`'s members and groups: the two are one cell from now on.
  mutating func absorb(_ other: CellTrack) {
    members = (members + other.members).sorted()
    latest = max(latest, other.latest)
    let newest = max(recent.last?.seconds ?? -.infinity, other.recent.last?.seconds ?? -.infinity)
    recent = (recent + other.recent).filter { $0.seconds >= newest - CellRule.trackMemory }
      .sorted { $0.seconds < $1.seconds }
  }

  /// Where the cell is expected at `seconds`, and how far from it a located group may be and still
  /// join it. Nil without located groups.
  ///
  /// It is expected at its recent groups' weighted mean, carried along their weighted line of motion
  /// once they span ``CellRule/shortestTrack`` (at most ``CellRule/fastestCell``). The gate is
  /// ``CellRule/gateSpreads`` times the groups' spread about that line, within ``CellRule/gate``:
  /// a tight cell does not take in a cell born beside it.
  func expectation(at seconds: Double) -> (east: Double, north: Double, gate: Double)? {
    guard let first = recent.first, let last = recent.last else { return nil }
    var (weights, time, east, north) = (0.0, 0.0, 0.0, 0.0)
    for fix in recent {
      weights += fix.weight
      time += fix.weight * fix.seconds
      east += fix.weight * fix.east
      north += fix.weight * fix.north
    }
    (time, east, north) = (time / weights, east / weights, north / weights)
    var (eastSpeed, northSpeed) = (0.0, 0.0)
    if last.seconds - first.seconds >= CellRule.shortestTrack {
      var (spread, eastward, northward) = (0.0, 0.0, 0.0)
      for fix in recent {
        let dt = fix.seconds - time
        spread += fix.weight * dt * dt
        eastward += fix.weight * dt * (fix.east - east)
        northward += fix.weight * dt * (fix.north - north)
      }
      (eastSpeed, northSpeed) = (eastward / spread, northward / spread)
      let speed = (eastSpeed * eastSpeed + northSpeed * northSpeed).squareRoot()
      if speed > CellRule.fastestCell {
        eastSpeed *= CellRule.fastestCell / speed
        northSpeed *= CellRule.fastestCell / speed
      }
    }
    var gate = CellRule.gate
    if recent.count >= CellRule.fewestForSpread {
      var squares = 0.0
      for fix in recent {
        let dt = fix.seconds - time
        let (de, dn) = (fix.east - east - eastSpeed * dt, fix.north - north - northSpeed * dt)
        squares += de * de + dn * dn
      }
      let spread = (squares / Double(recent.count)).squareRoot()
      gate = min(max(CellRule.gateSpreads * spread, CellRule.narrowestGate), CellRule.gate)
    }
    let ahead = seconds - time
    return (east + eastSpeed * ahead, north + northSpeed * ahead, gate)
  }
}
