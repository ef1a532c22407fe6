import FoundationEssentials
import StormSimulator
import StormrangeDomain
import StormrangeLocated

/// A simulated network's strikes recorded as `ingest blitzortung` records them: each group an entry
/// of the history, updated in place while it gathers strikes; and which entry each strike went to.
package struct LocatedRecording {
  package static let observer = GeoPosition(latitude: 51.5, longitude: -0.12)!
  /// The simulation's time 0.
  package static let start = Date(timeIntervalSince1970: 1_795_773_600)

  /// A strike as recorded: its entry, its true cell and its time (simulation seconds).
  package struct Strike: Sendable {
    package let entry: Int
    package let truth: LocatedStrikeTruth
  }

  package private(set) var history: [Measurement] = []
  package private(set) var strikes: [Strike] = []
  private var grouper = StrikeGrouper(observer: observer, radius: MeasurementRules.maximumDistance)
  private var entryOfGroup: [Int: Int] = [:]

  package init() {}

  /// `point`, metres east and north of the observer, on the ellipsoid, as the simulator maps it.
  package static func position(_ point: PlaneVector) -> GeoPosition {
    let place = point.geographic(fromLatitude: observer.latitude, longitude: observer.longitude)
    return GeoPosition(latitude: place.latitude, longitude: place.longitude)!
  }

  /// Records `truth`'s reported strike.
  package mutating func record(_ truth: LocatedStrikeTruth) throws(GeodesicUnavailable) {
    let date = Self.start.addingTimeInterval(truth.time)
    let strike = LocatedStrike(date: date, position: Self.position(truth.reported))
    let group: LocatedGroup
    switch try grouper.receive(strike, arrival: date) {
    case .opened(let opened), .joined(let opened): group = opened
    case .repeated, .beyondRadius, .overBudget: return
    }
    let range = try LocatedRange(from: Self.observer, to: group.meanPosition)
    let fix = LocatedFix(
      source: DetectorSource("blitzortung", kind: .located)!, position: group.meanPosition,
      nearest: group.nearest.metres, strikes: group.count, spread: group.spread)
    // Dated to the whole second, as the history stores it.
    let entry = Measurement(
      date: Date(timeIntervalSince1970: group.start.timeIntervalSince1970.rounded(.down)),
      distance: range.metres,
      origin: .located(fix), bearing: range.bearing, note: nil)
    if let index = entryOfGroup[group.id] {
      history[index] = entry
    } else {
      entryOfGroup[group.id] = history.count
      history.append(entry)
    }
    strikes.append(Strike(entry: entryOfGroup[group.id]!, truth: truth))
  }
}
