import FoundationEssentials

/// The end of a history, walked back in date order from its latest flash: what the status needs of
/// it at a moment, without visiting the rest. Visiting every entry costs far more than comparing
/// dates, so the status of a long history stays as fast as that of its last storm.
///
/// The walk relies on what every stored delay obeys: at most ``MeasurementRules/maximumDelay``.
/// So an entry ahead of now (its thunder more than a minute after it) has its flash in the last
/// minutes before now or later, and thunder heard in the last 30 minutes came from a flash at most
/// 35 minutes ago.
struct RecentHistory {
  /// The storm holding the latest measurement that is not ahead; nil when there is none.
  let storm: Storm?
  /// The entries left out because they are ahead.
  let ahead: EntriesAhead
  /// The measurements the advice needs: the storm's, and those before it up to now whose thunder
  /// may have been heard in the last 30 minutes (``SafetyAdvice/init(measurements:now:)``).
  let advised: [Measurement]

  /// The end of `history` at `now`; with no `now`, nothing is ahead and only the storm is found.
  init<History: RandomAccessCollection>(history: History, now: Date?)
  where History.Element == Measurement, History.Index == Int {
    let order = Storm.dateOrder(of: history)
    // No earlier flash is ahead, nor was heard in the last 30 minutes.
    let earliest = now?.addingTimeInterval(-SafetyAdvice.allClearWait - MeasurementRules.maximumDelay)
    var (aheadCount, firstThunder): (Int, Date?) = (0, nil)
    var positions: [Int] = []
    var earlier: [Measurement] = []
    var stormEnded = false
    for position in order.reversed() {
      let measurement = history[position]
      if let now, MeasurementRules.isAhead(measurement, of: now) {
        aheadCount += 1
        firstThunder = min(firstThunder ?? measurement.thunderDate, measurement.thunderDate)
        continue
      }
      if !stormEnded, let later = positions.last,
        history[later].date.timeIntervalSince(measurement.date) >= Storm.separatingGap
      {
        stormEnded = true
      }
      if !stormEnded {
        positions.append(position)
        continue
      }
      guard let earliest, measurement.date >= earliest else { break }
      earlier.append(measurement)
    }
    positions.reverse()
    let storm =
      positions.isEmpty ? nil : Storm(positions: positions, measurements: positions.map { history[$0] })
    self.storm = storm
    ahead = EntriesAhead(count: aheadCount, firstThunder: firstThunder)
    advised = earlier.reversed() + (storm?.measurements ?? [])
  }
}
