/// Which cell `status` leads with: the one that matters most to the observer, steadily.
///
/// A cell leads over another when its chance of coming within 10 km in the next 30 minutes is the
/// higher by more than ``chanceMargin``; with chances closer than that, when it is nearer by more
/// than ``distanceMargin``; with both close, when it is the older (the lower number). Cells are
/// taken in order of birth, and each that leads over the one leading so far takes its place. So two
/// cells with similar chances do not swap as their chances wobble from minute to minute: the lead
/// goes to the younger only when its chance is clearly the higher (Home Assistant's entities would
/// jump otherwise).
package enum CellLead {
  /// Points of chance (0–1) within which two cells' chances count as alike.
  package static let chanceMargin = 0.1
  /// Metres within which two cells' latest distances count as alike.
  package static let distanceMargin = 2_000.0

  /// The index in `cells` (in order of birth) of the leading one; nil when there is none.
  static func leader(of cells: [CellStatus]) -> Int? {
    guard !cells.isEmpty else { return nil }
    var leader = 0
    for index in cells.indices.dropFirst() where leads(cells[index], over: cells[leader]) { leader = index }
    return leader
  }

  /// Whether `younger` leads over `older`, a cell born before it.
  static func leads(_ younger: CellStatus, over older: CellStatus) -> Bool {
    let chances = younger.chance - older.chance
    if abs(chances) > chanceMargin { return chances > 0 }
    let distances = older.status.latest.distance - younger.status.latest.distance
    return distances > distanceMargin
  }
}
