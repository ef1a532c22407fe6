import FoundationEssentials

/// The status of one current cell of the storm (``StormCells``): everything `status` says of a
/// storm, said of the cell, under its number.
package struct CellStatus: Sendable {
  package let number: Int
  package private(set) var status: StormStatus

  init(number: Int, status: StormStatus) {
    self.number = number
    self.status = status
  }

  /// This status at `later` (``StormStatus/at(_:)``).
  func at(_ later: Date) -> CellStatus { CellStatus(number: number, status: status.at(later)) }

  /// The chance that it comes within 10 km in the next 30 minutes; 0 when no forecast is made (it
  /// is over, or its course is not known).
  var chance: Double { status.trend.within10kmChance ?? 0 }
}
