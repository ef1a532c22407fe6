import FoundationEssentials

/// The entries of a history that are ahead of now (``MeasurementRules/isAhead(_:of:)``):
/// their thunder is more than a minute after it. The history may hold them, since loading and
/// import accept dates up to a day ahead (another tool's clock, local time written as UTC), but they
/// have not happened yet: the status leaves them out (never the latest measurement, never in the
/// current storm or the advice) and says how many it left out. Each counts from the moment it is no
/// longer ahead.
package struct EntriesAhead: Equatable, Sendable {
  /// How many entries are ahead.
  package let count: Int
  /// The earliest thunder among them; nil when there are none.
  let firstThunder: Date?

  init(count: Int, firstThunder: Date?) {
    self.count = count
    self.firstThunder = firstThunder
  }

  /// When the first of them stops being ahead and joins the status; nil when there are none.
  package var nextDue: Date? { firstThunder?.addingTimeInterval(-MeasurementRules.clockTolerance) }
}
