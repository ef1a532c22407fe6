/// Values with weights summing to 1: the particles' view of one quantity.
struct WeightedSample: Sendable {
  let values: [Double]
  let weights: [Double]

  var mean: Double { zip(values, weights).reduce(0) { $0 + $1.0 * $1.1 } }

  /// The weighted standard deviation.
  var standardDeviation: Double {
    let mean = self.mean
    let variance = zip(values, weights).reduce(0) { $0 + $1.1 * ($1.0 - mean) * ($1.0 - mean) }
    return variance.squareRoot()
  }

  /// The weight of the values for which `condition` holds: the share of the hypotheses.
  func share(where condition: (Double) -> Bool) -> Double {
    zip(values, weights).reduce(0) { condition($1.0) ? $0 + $1.1 : $0 }
  }

  /// The value below which `fraction` of the weight lies (infinite values sort last).
  func quantile(_ fraction: Double) -> Double {
    let order = values.indices.sorted { values[$0] < values[$1] }
    var cumulative = 0.0
    for index in order {
      cumulative += weights[index]
      if cumulative >= fraction { return values[index] }
    }
    return order.last.map { values[$0] } ?? .nan
  }
}
