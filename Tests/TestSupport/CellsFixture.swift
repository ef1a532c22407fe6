import FoundationEssentials
import StormrangeDomain

#if canImport(Glibc)
  import Glibc
#endif

/// Histories of located groups on the observer's plane, for the cells' tests (issue 33): one place
/// for how a network's group is made, and for the history of two cells that most of them read.
package enum CellsFixture {
  package static let start = Date(timeIntervalSince1970: 1_782_921_600)
  /// When ``comingAndStill(stillFirst:)``'s thirty minutes end.
  package static let now = start.addingTimeInterval(30 * 60)

  /// Thirty minutes of a cell coming in from 30 km west at 10 m/s and of one sitting still 20 km
  /// east, a group of 8 strikes of each a minute. The one whose group comes first in each minute is
  /// born first (cell 1): the coming one, unless `stillFirst`.
  package static func comingAndStill(stillFirst: Bool = false) -> [Measurement] {
    let (comingAt, stillAt) = stillFirst ? (0.5, 0.0) : (0.0, 0.5)
    return (0..<30).flatMap { minute in
      [
        group(minutes: Double(minute) + comingAt, east: -30 + 0.6 * Double(minute), north: 2),
        group(minutes: Double(minute) + stillAt, east: 20, north: 0),
      ].sorted { $0.date < $1.date }
    }
  }

  /// A network's group of `strikes` at `east`, `north` kilometres from the observer, `minutes`
  /// after ``start`` (to the second), its nearest strike `nearer` metres nearer than its mean.
  package static func group(
    minutes: Double, east: Double, north: Double, strikes: Int = 8, nearer: Double = 500
  )
    -> Measurement
  {
    let metres = 1_000 * (east * east + north * north).squareRoot()
    let degrees = (atan2(east, north) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
    let fix = LocatedFix(
      source: DetectorSource("blitzortung", kind: .located)!,
      position: GeoPosition(latitude: 52, longitude: 13)!,
      nearest: metres - nearer, strikes: strikes, spread: 1_000)
    return Measurement(
      date: start.addingTimeInterval((minutes * 60).rounded()), distance: metres, origin: .located(fix),
      bearing: Bearing(degrees: degrees), note: nil)
  }
}
