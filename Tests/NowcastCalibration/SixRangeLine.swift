import FoundationEssentials
import StormrangeDomain

/// The baseline a nowcast must beat: what phone apps do, an ordinary least-squares line through
/// the last six ranges against time, its slope taken as the rate of change of range now.
package enum SixRangeLine {
  package static let count = 6

  /// Metres per second, negative when the range falls; nil with fewer than two distinct times.
  package static func rate(of measurements: [Measurement]) -> Double? {
    fit(of: measurements)?.rate
  }

  /// Metres the line gives at `date`; nil with fewer than two distinct times.
  package static func range(of measurements: [Measurement], at date: Date) -> Double? {
    guard let fit = fit(of: measurements) else { return nil }
    return fit.meanRange + fit.rate * date.timeIntervalSince(fit.meanDate)
  }

  /// The line's slope, and the mean of the ranges at the mean of the times, through which it goes.
  static func fit(of measurements: [Measurement]) -> (rate: Double, meanDate: Date, meanRange: Double)? {
    let last = measurements.suffix(count)
    guard let first = last.first else { return nil }
    let points = last.map { (time: $0.date.timeIntervalSince(first.date), range: $0.distance) }
    let meanTime = points.reduce(0) { $0 + $1.time } / Double(points.count)
    let meanRange = points.reduce(0) { $0 + $1.range } / Double(points.count)
    let spread = points.reduce(0) { $0 + ($1.time - meanTime) * ($1.time - meanTime) }
    guard spread > 0 else { return nil }
    let rate = points.reduce(0) { $0 + ($1.time - meanTime) * ($1.range - meanRange) } / spread
    return (rate, first.date.addingTimeInterval(meanTime), meanRange)
  }
}
