extension StormPlan {
  /// Whether and how the observer gives bearings.
  package enum Bearings: Equatable, Sendable {
    case none
    case rounded(BearingRounding)
    /// Rounded to 5° or to the compass points, drawn per storm.
    case drawn

    var rounding: BearingRounding? {
      if case .rounded(let rounding) = self { rounding } else { nil }
    }
  }

  /// A plan with the usual draws for what the scenario leaves open: the observer's habits, strikes
  /// scattered 1–2 km about their cell, a flash recorded every 1–2 minutes (each gap ±40 % of the
  /// storm's own pace) unless `gap` says otherwise.
  package static func drawn(
    track: StormTrack, duration: Double, bearings: Bearings, instruments: Instruments = .ears,
    gap: ClosedRange<Double>? = nil, cellOffsets: [PlaneVector] = [], changeEnd: Double? = nil,
    using random: inout SimulationRandom
  ) -> StormPlan {
    let habits = ObserverHabits.draw(using: &random, rounding: bearings.rounding)
    let pace = random.uniform(60...120)
    return StormPlan(
      track: track, cellOffsets: cellOffsets, strikeScatter: random.uniform(1000...2000),
      gap: gap ?? (0.6 * pace)...(1.4 * pace), duration: duration, instruments: instruments, habits: habits,
      reportsBearings: bearings != .none, changeEnd: changeEnd)
  }

  /// The cells of a multicell storm: 2 or 3 in a line, 3–7 km apart, about the centre.
  package static func drawnCells(using random: inout SimulationRandom) -> [PlaneVector] {
    let count = random.chance(0.5) ? 2 : 3
    let spacing = random.uniform(3000...7000)
    let orientation = random.uniform(0...180)
    let middle = Double(count - 1) / 2
    return (0..<count).map { PlaneVector(length: (Double($0) - middle) * spacing, bearing: orientation) }
  }
}
