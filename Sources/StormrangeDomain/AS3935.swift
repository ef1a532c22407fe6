/// The AMS AS3935 lightning sensor's distance estimates.
///
/// The chip does not time anything: it judges the distance to the storm's leading edge from the
/// strength of the flash's radio pulse, and reports one of 15 steps, in kilometres: 1 (the storm is
/// overhead), 5, 6, 8, 10, 12, 14, 17, 20, 24, 27, 31, 34, 37 and 40. A reading stands for the
/// interval half-way to the neighbouring steps: 10 means 9 to 11 km, 40 means 38.5 to 41.5 km
/// (as far above as below), and "overhead" means 0 to 3 km.
package enum AS3935 {
  /// The steps, in kilometres.
  package static let stepsKilometres: [Double] = [1, 5, 6, 8, 10, 12, 14, 17, 20, 24, 27, 31, 34, 37, 40]

  /// The interval in metres that a reading of `metres` stands for, or nil when it is not a step.
  package static func interval(forMetres metres: Double) -> ClosedRange<Double>? {
    let steps = stepsKilometres
    guard let index = steps.firstIndex(where: { $0 * 1000 == metres }) else { return nil }
    let step = steps[index]
    let lower = index == 0 ? 0 : (steps[index - 1] + step) / 2
    let upper =
      index == steps.count - 1 ? step + (step - steps[index - 1]) / 2 : (step + steps[index + 1]) / 2
    return lower * 1000...upper * 1000
  }

  /// The steps as a list for messages: `1, 5, 6, … 40`.
  package static var stepsText: String {
    stepsKilometres.map { String(Int($0)) }.joined(separator: ", ")
  }
}
