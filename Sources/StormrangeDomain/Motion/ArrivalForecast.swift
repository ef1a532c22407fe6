import FoundationEssentials

/// What the nowcast's hypotheses, each carried forward by its own mode's motion, say of the storm's
/// centre coming within a distance: how likely it is to be within it at some moment of the next
/// ``MotionThresholds/chanceWindow`` (now included), and when it comes, if it does within
/// ``MotionThresholds/arrivalHorizon``. One forward run gives both.
struct ArrivalForecast: Equatable, Sendable {
  /// The weighted share of the hypotheses within the distance at some moment from now to
  /// ``MotionThresholds/chanceWindow`` ahead, 0...1.
  let chance: Double
  /// The weighted share that come within it by ``MotionThresholds/arrivalHorizon``; at least ``chance``.
  let comingShare: Double
  /// Seconds from now, among the hypotheses that come within it by the horizon: the earliest and
  /// latest of ``MotionThresholds/arrivalPercentiles`` (the 5th and the 95th percentiles), and the
  /// median. Nil when fewer than ``MotionThresholds/arrivalChance`` of them come.
  let times: (earliest: Double, median: Double, latest: Double)?

  static func == (left: ArrivalForecast, right: ArrivalForecast) -> Bool {
    left.chance == right.chance && left.comingShare == right.comingShare
      && left.times?.earliest == right.times?.earliest && left.times?.median == right.times?.median
      && left.times?.latest == right.times?.latest
  }

  /// The forecast from `filter`'s hypotheses, moved on in steps of ``NowcastConstants/forecastStep``
  /// up to ``MotionThresholds/arrivalHorizon``, or until every one has come within `distance`.
  init(_ filter: NowcastFilter, within distance: Double) {
    var forecast = filter
    let count = forecast.particles.count
    var times = [Double](repeating: .infinity, count: count)
    for index in 0..<count where forecast.particles[index].range <= distance { times[index] = 0 }
    var elapsed = 0.0
    let step = NowcastConstants.forecastStep
    var previous = forecast.particles.map(\.range)
    while elapsed < MotionThresholds.arrivalHorizon, times.contains(where: \.isInfinite) {
      forecast.advance(to: forecast.time.addingTimeInterval(step))
      elapsed += step
      for index in 0..<count where times[index].isInfinite {
        let range = forecast.particles[index].range
        if range <= distance {
          // When in the step it crossed, the range taken as straight between its ends, so that the
          // earliest time is not a step late.
          let fraction = (previous[index] - distance) / max(previous[index] - range, 1e-9)
          times[index] = elapsed - step + step * min(max(fraction, 0), 1)
        } else {
          previous[index] = range
        }
      }
    }
    var arriving = [Double]()
    var arrivingWeights = [Double]()
    var chance = 0.0
    for (time, weight) in zip(times, filter.weights) where time.isFinite {
      arriving.append(time)
      arrivingWeights.append(weight)
      if time <= MotionThresholds.chanceWindow { chance += weight }
    }
    let coming = arrivingWeights.reduce(0, +)
    self.chance = min(chance, 1)
    comingShare = min(coming, 1)
    guard coming >= MotionThresholds.arrivalChance else {
      self.times = nil
      return
    }
    let sample = WeightedSample(values: arriving, weights: arrivingWeights.map { $0 / coming })
    let percentiles = MotionThresholds.arrivalPercentiles
    self.times = (
      sample.quantile(percentiles.earliest), sample.quantile(0.5), sample.quantile(percentiles.latest)
    )
  }
}
