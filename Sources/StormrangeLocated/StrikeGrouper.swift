import FoundationEssentials
import StormrangeDomain

/// Turns located strikes into groups, the history's entries (docs/science.md, "Located strikes"):
///
/// - a strike joins the open group whose mean position is nearest, if it is within
///   ``joiningDistance`` of it and within the group's ``window``; else it opens a group of its own;
/// - at most ``maximumGroupsPerMinute`` groups open in a minute of the clock, by the strikes' time;
///   beyond, a strike that would open one is counted (``LocatedCounts/overBudget``), not recorded,
///   unless it is near enough to hear (``SafetyAdvice/thunderAudibleDistance``), which the advice
///   must never miss;
/// - a group full at ``LocatedGroup/maximumStrikes`` takes no more: the next strike opens another;
/// - a strike farther from the observer than the radius is counted, not recorded (nor remembered:
///   its repeats are counted again);
/// - a strike within the radius given again (same time and position: Blitzortung's feed repeats
///   strikes across geohash topics) is counted once and merged.
///
/// It keeps only the open groups and the strikes within the radius of the last
/// ``LocatedMessage/allowedLag`` seconds for telling repeats, so its memory stays flat however long
/// it runs.
package struct StrikeGrouper {
  /// How long a group gathers strikes from its first.
  package static let window = LocatedFix.window
  /// Metres from a group's mean position within which a strike joins it: a cell's strikes fall
  /// within a few km of each other, and the network locates each to 0.3–2 km.
  package static let joiningDistance = 3_000.0
  /// The most groups opened in one minute of strikes' time: a day of three busy cells stays under
  /// about 5,000 entries.
  package static let maximumGroupsPerMinute = 30

  /// Where the observer stands.
  package let observer: GeoPosition
  /// Metres within which strikes are recorded.
  package let radius: Double
  package private(set) var counts = LocatedCounts()
  /// The groups still gathering strikes, oldest first.
  package private(set) var open: [LocatedGroup] = []

  private var nextID = 1
  /// The latest time of a strike taken: the feed's own clock, by which groups close.
  private var latest: Date?
  /// How many groups opened in each recent minute of strikes' time (minutes since the epoch):
  /// strikes come a little out of order, and one of an earlier minute counts against that minute.
  private var openedByMinute: [Int: Int] = [:]
  /// Strikes seen lately, to tell repeats, and the same in the order they came, to forget them.
  private var seen: Set<LocatedStrike> = []
  private var seenOrder: [LocatedStrike] = []
  private var seenStart = 0

  /// The most strikes a group takes (``LocatedGroup/maximumStrikes``; fewer in tests).
  let maximumStrikes: Int

  /// `radius` in metres.
  package init(observer: GeoPosition, radius: Double, maximumStrikes: Int = LocatedGroup.maximumStrikes) {
    self.observer = observer
    self.radius = radius
    self.maximumStrikes = maximumStrikes
  }

  /// What became of a strike.
  package enum Outcome: Equatable, Sendable {
    /// It opened `group`, a new entry.
    case opened(LocatedGroup)
    /// It joined `group`, an open entry, which is updated in place.
    case joined(LocatedGroup)
    /// It was given before.
    case repeated
    /// It is farther than the radius.
    case beyondRadius
    /// It would have opened a group beyond the minute's bound.
    case overBudget
  }

  /// How many minutes' counts of groups opened it keeps: those of the last
  /// ``LocatedMessage/allowedLag`` seconds.
  package var minutesCounted: Int { openedByMinute.count }

  /// How many strikes it remembers for telling repeats: those of the last
  /// ``LocatedMessage/allowedLag`` seconds, however long it has run.
  package var remembered: Int { seen.count }

  /// Takes `strike`, which arrived at `arrival`.
  package mutating func receive(_ strike: LocatedStrike, arrival: Date) throws(GeodesicUnavailable) -> Outcome
  {
    forget(before: arrival.addingTimeInterval(-LocatedMessage.allowedLag))
    let range = try LocatedRange(from: observer, to: strike.position)
    // Beyond the radius only counted, and not remembered: a feed for the cells around you brings
    // many times more strikes than fall within it (a 5.6° geohash cell is some 40 radii of 100 km),
    // and remembering them all for ten minutes took 100 MB at 2,000 a second.
    guard range.metres <= radius else {
      counts.strikes += 1
      counts.beyondRadius += 1
      latest = max(latest ?? strike.date, strike.date)
      return .beyondRadius
    }
    guard seen.insert(strike).inserted else {
      counts.repeated += 1
      return .repeated
    }
    seenOrder.append(strike)
    counts.strikes += 1
    latest = max(latest ?? strike.date, strike.date)
    let candidates = open.indices.filter {
      strike.date >= open[$0].start && strike.date < open[$0].start.addingTimeInterval(Self.window)
        && open[$0].count < maximumStrikes
    }
    let nearest = candidates.map { (index: $0, metres: open[$0].distance(to: strike.position)) }
      .min { $0.metres < $1.metres }
    if let nearest, nearest.metres <= Self.joiningDistance {
      open[nearest.index].add(strike, range: range)
      counts.recorded += 1
      return .joined(open[nearest.index])
    }
    let minute = Self.minute(of: strike.date)
    // A strike near enough to hear is never shed: the advice counts it (shelter now).
    guard
      openedByMinute[minute, default: 0] < Self.maximumGroupsPerMinute
        || range.metres <= SafetyAdvice.thunderAudibleDistance
    else {
      counts.overBudget += 1
      return .overBudget
    }
    openedByMinute[minute, default: 0] += 1
    let group = LocatedGroup(id: nextID, first: strike, range: range)
    nextID += 1
    open.append(group)
    counts.recorded += 1
    counts.groups += 1
    return .opened(group)
  }

  /// Counts a message refused as `kind`.
  package mutating func refuse(_ kind: LocatedProblem.Kind) { counts.refused[kind, default: 0] += 1 }

  /// Puts a new group of `strike` alone in place of the open group `id`, whose entry is gone from
  /// the history (cleared while it gathered strikes): the strikes it held went with it. `strike` was
  /// counted when it joined `id`; the new group does not count against the minute's bound.
  package mutating func restart(_ id: Int, with strike: LocatedStrike) throws(GeodesicUnavailable)
    -> LocatedGroup
  {
    open.removeAll { $0.id == id }
    let group = LocatedGroup(
      id: nextID, first: strike, range: try LocatedRange(from: observer, to: strike.position))
    nextID += 1
    open.append(group)
    counts.groups += 1
    return group
  }

  /// Closes the groups whose minute is over on the feed's own clock, and returns them: a strike
  /// dated after their window has come (``latest``), or, with the feed silent, a strike of theirs
  /// would now be refused as too old (``LocatedMessage/allowedLag`` after `arrival`). Not by the
  /// arrival alone: a feed that arrives a minute late (a relay, a replayed log) would close each
  /// group before its second strike came, and record every strike as a group of its own.
  package mutating func close(at arrival: Date) -> [LocatedGroup] {
    let clock = max(latest ?? .distantPast, arrival.addingTimeInterval(-LocatedMessage.allowedLag))
    let ended = open.filter { $0.start.addingTimeInterval(Self.window) <= clock }
    guard !ended.isEmpty else { return [] }
    open.removeAll { $0.start.addingTimeInterval(Self.window) <= clock }
    return ended
  }

  /// Minutes since the epoch.
  private static func minute(of date: Date) -> Int {
    Int((date.timeIntervalSince1970 / 60).rounded(.down))
  }

  /// Forgets the strikes and minutes dated before `oldest`: a strike older than that is refused
  /// before it comes here.
  private mutating func forget(before oldest: Date) {
    let oldestMinute = Self.minute(of: oldest)
    if openedByMinute.keys.contains(where: { $0 < oldestMinute }) {
      openedByMinute = openedByMinute.filter { $0.key >= oldestMinute }
    }
    while seenStart < seenOrder.count, seenOrder[seenStart].date < oldest {
      seen.remove(seenOrder[seenStart])
      seenStart += 1
    }
    // Drops the forgotten part of the list once it is most of it.
    if seenStart > 1024, seenStart * 2 > seenOrder.count {
      seenOrder.removeFirst(seenStart)
      seenStart = 0
    }
  }
}
