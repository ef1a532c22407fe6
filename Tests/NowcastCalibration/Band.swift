#if canImport(Glibc)
  import Glibc
#endif

/// Where a share must lie.
package enum Band: Equatable, Sendable {
  case atLeast(Double)
  case atMost(Double)
  case between(Double, Double)

  /// This band widened for chance: each bound moved outward by `z` binomial standard errors of a
  /// share of `count` cases, √(p(1 − p)/count) at the bound p, and kept within 0 to 1.
  package func widened(z: Double, count: Int) -> Band {
    guard z > 0, count > 0 else { return self }
    func allowance(_ bound: Double) -> Double { z * (bound * (1 - bound) / Double(count)).squareRoot() }
    switch self {
    case .atLeast(let bound): return .atLeast(max(bound - allowance(bound), 0))
    case .atMost(let bound): return .atMost(min(bound + allowance(bound), 1))
    case .between(let lower, let upper):
      return .between(max(lower - allowance(lower), 0), min(upper + allowance(upper), 1))
    }
  }

  package func contains(_ share: Double) -> Bool {
    switch self {
    case .atLeast(let bound): share >= bound
    case .atMost(let bound): share <= bound
    case .between(let lower, let upper): share >= lower && share <= upper
    }
  }

  /// `≥ 90 %`, `≤ 5 %`, `60–90 %`.
  package var description: String {
    switch self {
    case .atLeast(let bound): "≥ \(Self.percent(bound))"
    case .atMost(let bound): "≤ \(Self.percent(bound))"
    case .between(let lower, let upper): "\(Self.percent(lower, sign: false))–\(Self.percent(upper))"
    }
  }

  /// `90 %`, `81.5 %`: whole where whole.
  static func percent(_ share: Double, sign: Bool = true) -> String {
    let tenths = (share * 1000).rounded() / 10
    let number = tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    return sign ? number + " %" : number
  }
}
