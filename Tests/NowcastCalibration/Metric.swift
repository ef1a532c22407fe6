/// A share the calibration measures in each scenario (the "Targets").
package enum Metric: String, CaseIterable, Sendable {
  case rateWithin1Sigma
  case rateWithin2Sigma
  case speedWithin2Sigma
  case headingWithin2Sigma
  case closestDistanceWithin2Sigma
  case closestTimeWithin2Sigma
  case wrongDirection
  case lateArrival
  case arrivalChanceGiven
  case headingAtRest

  package var label: String {
    switch self {
    case .rateWithin1Sigma: "trend rate within 1σ"
    case .rateWithin2Sigma: "trend rate within 2σ"
    case .speedWithin2Sigma: "ground speed within 2σ"
    case .headingWithin2Sigma: "heading within 2σ"
    case .closestDistanceWithin2Sigma: "closest distance within 2σ"
    case .closestTimeWithin2Sigma: "closest time within 2σ"
    case .wrongDirection: "direction wrong"
    case .lateArrival: "within 10 km: >5 min before earliest"
    case .arrivalChanceGiven: "within 10 km in 30 min: chance ≥ 30 %"
    case .headingAtRest: "at rest: heading given"
    }
  }

  /// A column heading.
  package var shortLabel: String {
    switch self {
    case .rateWithin1Sigma: "rate 1σ"
    case .rateWithin2Sigma: "rate 2σ"
    case .speedWithin2Sigma: "speed 2σ"
    case .headingWithin2Sigma: "heading 2σ"
    case .closestDistanceWithin2Sigma: "closest km 2σ"
    case .closestTimeWithin2Sigma: "closest time 2σ"
    case .wrongDirection: "wrong direction"
    case .lateArrival: "late arrival"
    case .arrivalChanceGiven: "arrival chance ≥ 30 %"
    case .headingAtRest: "heading at rest"
    }
  }

  /// What the count beside the share is a count of.
  package var countLabel: String {
    switch self {
    case .rateWithin1Sigma, .rateWithin2Sigma, .speedWithin2Sigma, .headingWithin2Sigma,
      .closestDistanceWithin2Sigma, .closestTimeWithin2Sigma:
      "given"
    case .wrongDirection: "storms"
    case .lateArrival: "forecasts"
    case .arrivalChanceGiven: "arriving"
    case .headingAtRest: "at rest"
    }
  }

  /// This share's answer for one storm: yes, no, or nil when the question does not apply to it.
  func outcome(of storm: ScoredStorm) -> Bool? {
    switch self {
    case .rateWithin1Sigma: storm.rateCovered(factor: 1)
    case .rateWithin2Sigma: storm.rateCovered(factor: 2)
    case .speedWithin2Sigma: storm.speedCovered(factor: 2)
    case .headingWithin2Sigma: storm.headingCovered(factor: 2)
    case .closestDistanceWithin2Sigma: storm.closestDistanceCovered(factor: 2)
    case .closestTimeWithin2Sigma: storm.closestTimeCovered(factor: 2)
    case .wrongDirection: storm.directionIsWrong
    case .lateArrival: storm.arrivedLate
    case .arrivalChanceGiven: storm.arrivalGivenChance
    case .headingAtRest: storm.headingGivenAtRest
    }
  }
}
