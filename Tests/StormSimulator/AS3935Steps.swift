/// The AMS AS3935 lightning sensor as the simulator sees it: it judges distance from the strength of
/// the radio pulse, so its estimate scatters by a lognormal factor, and it reports only one of 15
/// steps (km: 1 for overhead, 5, 6, 8, 10, 12, 14, 17, 20, 24, 27, 31, 34, 37, 40), each standing for
/// the interval half-way to its neighbours. It reports nothing beyond about 41 km.
package enum AS3935Steps {
  package static let stepsKilometres: [Double] = [1, 5, 6, 8, 10, 12, 14, 17, 20, 24, 27, 31, 34, 37, 40]
  /// Kilometres beyond which the chip reports nothing.
  package static let limitKilometres = 41.0
  /// One standard deviation of the natural log of the chip's estimate ÷ the true range.
  package static let logScatter = 0.25

  /// The step, in metres, whose interval holds `kilometres`; nil beyond ``limitKilometres``.
  package static func reading(kilometres: Double) -> Double? {
    guard kilometres <= limitKilometres else { return nil }
    let steps = stepsKilometres
    var index = 0
    while index + 1 < steps.count, kilometres >= (steps[index] + steps[index + 1]) / 2 { index += 1 }
    return steps[index] * 1000
  }
}
