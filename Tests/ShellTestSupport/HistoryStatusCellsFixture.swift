import FoundationEssentials
import StormrangeDomain

#if canImport(Glibc)
  import Glibc
#endif

/// A network's history of two cells (issue 33): thirty minutes of one coming in from 30 km west at
/// 10 m/s, born first, and of one sitting still 20 km east, a group of 8 strikes of each a minute.
package enum HistoryStatusCellsFixture {
  package static let start = Date(timeIntervalSince1970: 1_782_921_600)
  /// When the thirty minutes end.
  package static let now = start.addingTimeInterval(30 * 60)

  package static var comingAndStill: [Measurement] {
    (0..<30).flatMap { minute in
      [
        group(minutes: Double(minute), east: -30 + 0.6 * Double(minute), north: 2),
        group(minutes: Double(minute) + 0.5, east: 20, north: 0),
      ]
    }
  }

  /// A group of 8 strikes at `east`, `north` kilometres from the observer.
  package static func group(minutes: Double, east: Double, north: Double) -> Measurement {
    let metres = 1_000 * (east * east + north * north).squareRoot()
    var degrees = atan2(east, north) * 180 / .pi
    if degrees < 0 { degrees += 360 }
    let fix = LocatedFix(
      source: DetectorSource("blitzortung", kind: .located)!,
      position: GeoPosition(latitude: 52, longitude: 13)!,
      nearest: metres - 500, strikes: 8, spread: 1_000)
    return Measurement(
      date: start.addingTimeInterval((minutes * 60).rounded()), distance: metres, origin: .located(fix),
      bearing: Bearing(degrees: degrees), note: nil)
  }
}
