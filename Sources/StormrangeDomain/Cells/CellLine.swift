import FoundationEssentials

/// Where a cell's recent located groups say it is and how it moves, and how far from there a group
/// may lie and still be the cell's: worked out once each time the groups change (``CellTrack``),
/// since none of it depends on the moment asked about.
struct CellLine {
  /// Seconds on the storm's clock: the groups' weighted mean time, where the line is anchored.
  let time: Double
  /// Metres east and north of the observer at ``time``: the groups' weighted mean.
  let east: Double
  let north: Double
  /// Metres a second: the groups' weighted line of motion, once they span
  /// ``CellRule/shortestTrack`` (at most ``CellRule/fastestCell``); nought until then.
  let eastSpeed: Double
  let northSpeed: Double
  /// Metres from the line within which a located group joins the cell: ``CellRule/gateSpreads``
  /// times the groups' spread about the line, within ``CellRule/narrowestGate`` and
  /// ``CellRule/gate``. A tight cell does not take in a cell born beside it.
  let gate: Double
  /// Metres from the line within which a lone strike beyond the gate joins the cell as a stray
  /// (a group of n strikes, 1/√n of it): ``CellRule/loneStrikeSpreads`` times the cell's
  /// ``strikeSpread(_:)``, read from its groups of at most
  /// ``CellRule/largestGroupForStrikeSpread`` strikes, within ``CellRule/loneStrikeReach`` and
  /// ``CellRule/widestLoneStrikeReach``.
  let loneStrikeReach: Double

  /// The line through `fixes`, oldest first; nil without any.
  init?(_ fixes: [CellTrack.Fix]) {
    guard let first = fixes.first, let last = fixes.last else { return nil }
    var (weights, time, east, north) = (0.0, 0.0, 0.0, 0.0)
    for fix in fixes {
      weights += fix.weight
      time += fix.weight * fix.seconds
      east += fix.weight * fix.east
      north += fix.weight * fix.north
    }
    (time, east, north) = (time / weights, east / weights, north / weights)
    var (eastSpeed, northSpeed) = (0.0, 0.0)
    if last.seconds - first.seconds >= CellRule.shortestTrack {
      var (spread, eastward, northward) = (0.0, 0.0, 0.0)
      for fix in fixes {
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
    (self.time, self.east, self.north, self.eastSpeed, self.northSpeed) = (
      time, east, north, eastSpeed, northSpeed
    )
    var gate = CellRule.gate
    var loneStrikeReach = CellRule.loneStrikeReach
    if fixes.count >= CellRule.fewestForSpread {
      let squares = fixes.map { fix in
        let dt = fix.seconds - time
        let (offEast, offNorth) = (fix.east - east - eastSpeed * dt, fix.north - north - northSpeed * dt)
        return offEast * offEast + offNorth * offNorth
      }
      let spread = (squares.reduce(0, +) / Double(fixes.count)).squareRoot()
      gate = min(max(CellRule.gateSpreads * spread, CellRule.narrowestGate), CellRule.gate)
      let small = zip(fixes, squares).filter { $0.0.weight <= CellRule.largestGroupForStrikeSpread }
        .map { (strikes: $0.0.weight, square: $0.1) }
      if small.count >= CellRule.fewestForSpread {
        loneStrikeReach = min(
          max(CellRule.loneStrikeSpreads * Self.strikeSpread(small), CellRule.loneStrikeReach),
          CellRule.widestLoneStrikeReach)
      }
    }
    (self.gate, self.loneStrikeReach) = (gate, loneStrikeReach)
  }

  /// Metres east and north of the observer where the cell is expected at `seconds`.
  func position(at seconds: Double) -> (east: Double, north: Double) {
    let ahead = seconds - time
    return (east + eastSpeed * ahead, north + northSpeed * ahead)
  }

  /// Metres: the root-mean-square distance of a cell's single strikes from its centre, as the
  /// network places them (their scatter about the centre and the network's placing error together),
  /// from its groups' `offsets`: each group's count of strikes and its square of distance from the
  /// cell's line.
  ///
  /// The mean of n strikes lies off the centre by a distance whose square, times n, is distributed
  /// exponentially about the strikes' mean square (their scatter is normal in each direction), so
  /// the median of n × square, over ln 2, is it. A median, not a mean: a few groups of a
  /// neighbouring cell within the gate would swell a mean, and the reach with it.
  static func strikeSpread(_ offsets: [(strikes: Double, square: Double)]) -> Double {
    let scaled = offsets.map { $0.strikes * $0.square }.sorted()
    let median =
      scaled.count.isMultiple(of: 2)
      ? (scaled[scaled.count / 2 - 1] + scaled[scaled.count / 2]) / 2 : scaled[scaled.count / 2]
    return (median / Math.log(2)).squareRoot()
  }
}
