import FoundationEssentials
import StormrangeBase
import StormrangeDomain
import StormrangeLocated
import StormrangeRendering
import StormrangeStore

/// Records what located messages give (``LocatedIngest``) in the session, for `ingest
/// blitzortung|located` and `mqtt --subscribe TOPIC=blitzortung|located`: a new group is added
/// and confirmed as `add` confirms a reading; each later strike of its minute updates its entry in
/// place, found by what was last written to it (the entry's number may shift, and only a change of
/// its contents proves it is ours: guarantee 14). An entry cleared from the history while its group
/// gathered strikes is not brought back: the next strike starts a group of its own.
package final class LocatedRecorder {
  let session: Session
  package private(set) var ingest: LocatedIngest
  /// What was last written for each open group, by the group's id.
  private var written: [Int: Measurement] = [:]

  private init(session: Session, ingest: LocatedIngest) {
    self.session = session
    self.ingest = ingest
  }

  /// A recorder of `format`'s strikes for `session`, named `source` (nil: the format's name),
  /// within the radius of the observer's location, as the settings hold them now. Throws when no
  /// location is set, or PROJ's geodesics cannot be loaded: one line that says what to do.
  package static func start(_ format: LocatedFormat, source: DetectorSource?, in session: Session)
    throws(StormrangeError) -> LocatedRecorder
  {
    let settings = session.currentSettings
    guard let observer = settings.location else { throw .invalidArgument(locationNeeded(format)) }
    do throws(GeodesicUnavailable) {
      try Geodesic.checkAvailable()
    } catch {
      throw .invalidArgument(error.message)
    }
    let source = source ?? DetectorSource(format.sourceName, kind: .located)!
    let ingest = LocatedIngest(
      format: format, source: source, observer: observer, radius: settings.radius * 1000)
    return LocatedRecorder(session: session, ingest: ingest)
  }

  /// `blitzortung strikes are measured from where you are, and no location is set: run 'stormrange
  /// set location LAT LON' first, in decimal degrees (e.g. set location 51.4779 -0.0015)`.
  package static func locationNeeded(_ format: LocatedFormat) -> String {
    "\(format.rawValue) strikes are measured from where you are, and no location is set: run "
      + "'stormrange set location LAT LON' first, in decimal degrees (e.g. set location 51.4779 -0.0015)"
  }

  /// Takes in `bytes`, one message that arrived at `arrival`, and records what it gives. Returns a
  /// warning about it (one line, without a line number or topic), or nil; throws when the history
  /// cannot take the entry (it cannot be read or written, or is full).
  package func take(_ bytes: [UInt8], arrival: Date) throws(StormrangeError) -> String? {
    let delivery = ingest.receive(bytes, arrival: arrival)
    // After the change: the group it opened or updated may be among those it closed.
    defer { for id in delivery.closed { written[id] = nil } }
    switch delivery.change {
    case .opened(let id, let entry)?:
      try add(entry, id: id)
    case .updated(let id, let entry)?:
      guard let previous = written[id] else { break }
      if try session.replaceGathering(previous, with: entry) {
        written[id] = entry
      } else if let strike = delivery.strike {
        written[id] = nil
        let restarted: (id: Int, Measurement)
        do throws(GeodesicUnavailable) {
          restarted = try ingest.restart(id, with: strike)
        } catch {
          return error.message
        }
        try add(restarted.1, id: restarted.id)
      }
    case nil: break
    }
    return delivery.warning
  }

  /// Counts a message refused before it could be read (``LocatedIngest/refuse(_:)``); returns the
  /// warning to give, the first time its kind comes.
  package func refuse(_ problem: LocatedProblem) -> String? { ingest.refuse(problem) }

  /// `blitzortung (located): 1,234 strikes, …`: see ``LocatedIngest/summaryLine``.
  package var summaryLine: String { ingest.summaryLine }

  private func add(_ entry: Measurement, id: Int) throws(StormrangeError) {
    do throws(MeasurementError) {
      try MeasurementRules.typed.check(entry, now: session.clock.now().wall)
    } catch {
      // Not reached for a strike the message's checks passed; said rather than recorded.
      throw .invalidArgument(error.message(in: session.localTime))
    }
    try session.record(entry, warning: nil, unit: session.currentSettings.unit)
    written[id] = entry
  }
}
