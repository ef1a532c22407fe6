import FoundationEssentials
import StormrangeDomain

/// One strike a lightning network located: when, and where.
package struct LocatedStrike: Equatable, Hashable, Sendable {
  /// When it struck, to the precision the message gave.
  package let date: Date
  package let position: GeoPosition

  package init(date: Date, position: GeoPosition) {
    self.date = date
    self.position = position
  }
}
