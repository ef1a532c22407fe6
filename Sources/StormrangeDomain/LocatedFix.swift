/// What a lightning network's located strikes say beyond a range and a bearing: a group of strikes
/// of one place and minute (`StormrangeLocated`'s `StrikeGrouper` makes them), recorded as one
/// entry of the history (format 1.3, `detector located`).
///
/// The entry's distance and bearing are those of ``position`` from where the observer stood when
/// it was recorded; the position itself is kept, so that a later `set location` does not change
/// what was measured.
package struct LocatedFix: Equatable, Hashable, Sendable {
  /// Seconds a group gathers strikes from its first (the entry's date): while they last the entry is
  /// open, and `ingest` or `mqtt` may update it in place.
  package static let window = 60.0

  /// The network that located the strikes (`blitzortung`, `located`), of the kind
  /// ``DetectorKind/located``.
  package let source: DetectorSource
  /// The strikes' mean position: the group's place for the nowcast (the nearest strike of 20 in a
  /// 2 km cell is about 1.9σ nearer than the cell).
  package let position: GeoPosition
  /// Metres from the observer to the nearest strike of the group: what the advice counts, so that
  /// it misses no strike within 10 or 16 km.
  package let nearest: Double
  /// How many strikes the group holds, at least 1.
  package let strikes: Int
  /// Metres: the root-mean-square distance of the strikes from their mean position (0 for one).
  package let spread: Double

  package init(source: DetectorSource, position: GeoPosition, nearest: Double, strikes: Int, spread: Double) {
    self.source = source
    self.position = position
    self.nearest = nearest
    self.strikes = strikes
    self.spread = spread
  }
}
