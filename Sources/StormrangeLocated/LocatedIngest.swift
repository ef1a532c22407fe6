import FoundationEssentials
import StormrangeBase
import StormrangeDomain

/// Turns located messages into the history's entries: the part of `ingest blitzortung|located`
/// (and of `mqtt --subscribe TOPIC=blitzortung|located`) that knows the messages and the groups,
/// with no I/O. Feed it each message with the moment it arrived; it says which entry to add or to
/// update in place (``Change``), and warns of a fault the first time its kind comes
/// (``LocatedProblem/Kind``), counting every message (``counts``).
package struct LocatedIngest {
  package let format: LocatedFormat
  /// The source its entries name: the format's, or `--source`'s.
  package let source: DetectorSource
  private var grouper: StrikeGrouper
  /// The kinds of fault warned of so far.
  private var warned: Set<LocatedProblem.Kind> = []
  /// Whether a repeated strike has been warned of.
  private var warnedOfRepeats = false

  /// What a message does to the history.
  package enum Change: Equatable, Sendable {
    /// A new entry, for the open group `id`.
    case opened(id: Int, Measurement)
    /// The open group `id`'s entry, updated in place.
    case updated(id: Int, Measurement)
  }

  /// What one message gave.
  package struct Delivery: Equatable, Sendable {
    package var change: Change?
    /// The strike it held, recorded in ``change``'s group: for ``restart(_:with:)``.
    package var strike: LocatedStrike?
    /// The groups whose minute it ended (``StrikeGrouper/close(at:)``), its own among them if it
    /// came that late: their entries are final.
    package var closed: [Int] = []
    /// Why it was refused, the first time a fault of its kind comes: one line, without a line number.
    package var warning: String?

    package init() {}
  }

  /// Strikes within `radius` metres of `observer` are recorded, as `source`'s.
  package init(format: LocatedFormat, source: DetectorSource, observer: GeoPosition, radius: Double) {
    self.format = format
    self.source = source
    grouper = StrikeGrouper(observer: observer, radius: radius)
  }

  /// What every message so far came to.
  package var counts: LocatedCounts { grouper.counts }

  /// The groups still gathering strikes.
  package var openGroups: Int { grouper.open.count }

  /// How many strikes it remembers to tell repeats (``StrikeGrouper/remembered``).
  package var remembered: Int { grouper.remembered }

  /// Takes in one message that arrived at `arrival`. A blank one gives nothing.
  package mutating func receive(_ bytes: [UInt8], arrival: Date) -> Delivery {
    var delivery = Delivery()
    guard bytes.contains(where: { !Self.isBlank($0) }) else { return delivery }
    do {
      let strike = try LocatedMessage.read(bytes, format: format, arrival: arrival)
      delivery.strike = strike
      switch try grouper.receive(strike, arrival: arrival) {
      case .opened(let group): delivery.change = .opened(id: group.id, try entry(group))
      case .joined(let group): delivery.change = .updated(id: group.id, try entry(group))
      case .repeated:
        // Overlapping geohash topics deliver a strike twice: said once, then only counted.
        if !warnedOfRepeats {
          warnedOfRepeats = true
          delivery.warning =
            "a strike given again (the same time and position) is merged; later repeats are counted, not shown"
        }
      case .beyondRadius, .overBudget: break
      }
    } catch let problem as LocatedProblem {
      delivery.warning = refuse(problem)
    } catch let unavailable as GeodesicUnavailable {
      delivery.warning = unavailable.message
    } catch {
      delivery.warning = "\(error)"
    }
    // Closed after the strike is taken, which may be the one whose time ends their minute.
    delivery.closed = grouper.close(at: arrival).map(\.id)
    return delivery
  }

  /// Counts a message refused for `problem`; returns the warning to give, the first time its kind
  /// comes. For what is refused before it is read, too (a line not UTF-8, or too long).
  package mutating func refuse(_ problem: LocatedProblem) -> String? {
    grouper.refuse(problem.kind)
    guard warned.insert(problem.kind).inserted else { return nil }
    return problem.message + "; later messages with this fault are counted, not shown"
  }

  /// The entry of a new group of `strike` alone, in place of the open group `id`, whose entry is
  /// gone from the history (``StrikeGrouper/restart(_:with:)``).
  package mutating func restart(_ id: Int, with strike: LocatedStrike) throws(GeodesicUnavailable) -> (
    id: Int, Measurement
  ) {
    let group = try grouper.restart(id, with: strike)
    return (group.id, try entry(group))
  }

  /// The entry that records `group`: dated by its first strike, at its mean position's range and
  /// bearing from the observer, with its nearest strike's range, count and spread.
  private func entry(_ group: LocatedGroup) throws(GeodesicUnavailable) -> Measurement {
    let mean = group.meanPosition
    let range = try LocatedRange(from: grouper.observer, to: mean)
    let fix = LocatedFix(
      source: source, position: mean, nearest: group.nearest.metres, strikes: group.count,
      spread: group.spread)
    return Measurement(
      date: group.start, distance: range.metres, origin: .located(fix), bearing: range.bearing, note: nil)
  }

  /// `blitzortung (located): 1,234 strikes, 1,180 recorded in 85 groups, 40 beyond the radius,
  /// 14 repeats merged; 2 messages refused (1 not a JSON object, 1 latitude out of range)`, with
  /// each count after the recorded ones only when not 0.
  package var summaryLine: String {
    let counts = counts
    var parts = [
      Self.count(counts.strikes, "strike"),
      "\(ByteCount.grouped(counts.recorded)) recorded in " + Self.count(counts.groups, "group"),
    ]
    if counts.beyondRadius > 0 {
      parts.append(
        "\(ByteCount.grouped(counts.beyondRadius)) beyond the radius of \(Self.kilometres(grouper.radius))")
    }
    if counts.overBudget > 0 {
      parts.append(
        "\(ByteCount.grouped(counts.overBudget)) over the \(StrikeGrouper.maximumGroupsPerMinute) groups a minute"
      )
    }
    if counts.repeated > 0 { parts.append(Self.count(counts.repeated, "repeat") + " merged") }
    var line = "\(source.name) (\(source.kind.rawValue)): " + parts.joined(separator: ", ")
    let refused = LocatedProblem.Kind.allCases.compactMap { kind in
      counts.refused[kind].map { "\(ByteCount.grouped($0)) \(kind.rawValue)" }
    }
    if !refused.isEmpty {
      let total = counts.refused.values.reduce(0, +)
      line += "; " + Self.count(total, "message") + " refused (" + refused.joined(separator: ", ") + ")"
    }
    return line
  }

  private static func count(_ number: Int, _ noun: String) -> String {
    "\(ByteCount.grouped(number)) \(noun)\(number == 1 ? "" : "s")"
  }

  /// `100 km`, `12.5 km`.
  private static func kilometres(_ metres: Double) -> String {
    let kilometres = metres / 1000
    return (kilometres.rounded() == kilometres ? String(Int(kilometres)) : kilometres.messageText) + " km"
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
      || byte == UInt8(ascii: "\n")
  }
}
