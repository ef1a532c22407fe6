/// How an observer writes down a bearing.
package enum BearingRounding: String, Equatable, Sendable, CaseIterable {
  /// To the nearest 5 degrees, off a compass.
  case fiveDegrees
  /// To the nearest of the 16 compass points (`SSE`), 22.5 degrees apart.
  case compassPoints

  package var step: Double {
    switch self {
    case .fiveDegrees: 5
    case .compassPoints: 22.5
    }
  }

  /// `degrees` rounded to the nearest step, 0 ≤ result < 360.
  package func rounded(_ degrees: Double) -> Double {
    PlaneVector.normalised((PlaneVector.normalised(degrees) / step).rounded() * step)
  }
}
