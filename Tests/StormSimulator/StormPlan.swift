/// Everything a scenario decides about one storm before its flashes are drawn: the track of its
/// centre, its cells, how far strikes scatter, when the observer records a flash, with what, and
/// how the observer measures.
package struct StormPlan: Equatable, Sendable {
  /// The storm's centre: the centroid of its cells.
  package var track: StormTrack
  /// Where each cell is relative to the centre (they average to zero); empty for a single cell.
  package var cellOffsets: [PlaneVector]
  /// Metres, one standard deviation east and north, of a strike about its cell.
  package var strikeScatter: Double
  /// The share of flashes that are in-cloud (``FlashChannel``).
  package var inCloudFraction: Double
  /// Seconds between recorded flashes, each gap drawn evenly from this range and rounded.
  package var gap: ClosedRange<Double>
  /// Seconds from the first flash to the last the observer means to record.
  package var duration: Double
  package var instruments: Instruments
  package var habits: ObserverHabits
  /// Whether the observer gives a bearing with each timed measurement.
  package var reportsBearings: Bool
  /// When the storm's last change of motion is complete, for one that changes: the observer goes on
  /// recording until at least ``measurementsAfterChange`` measurements come after it.
  package var changeEnd: Double?
  /// The fewest measurements a storm has: the observer goes on recording until there are as many.
  package var minimumCount: Int

  package static let measurementsAfterChange = 3

  package init(
    track: StormTrack, cellOffsets: [PlaneVector] = [], strikeScatter: Double, inCloudFraction: Double = 0.5,
    gap: ClosedRange<Double>, duration: Double, instruments: Instruments = .ears, habits: ObserverHabits,
    reportsBearings: Bool, changeEnd: Double? = nil, minimumCount: Int = 4
  ) {
    self.track = track
    self.cellOffsets = cellOffsets
    self.strikeScatter = strikeScatter
    self.inCloudFraction = inCloudFraction
    self.gap = gap
    self.duration = duration
    self.instruments = instruments
    self.habits = habits
    self.reportsBearings = reportsBearings
    self.changeEnd = changeEnd
    self.minimumCount = minimumCount
  }
}
