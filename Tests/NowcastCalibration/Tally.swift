/// Of the cases where a question applies, how many answered yes.
public struct Tally: Equatable, Sendable {
  public private(set) var count = 0
  public private(set) var hits = 0

  public init() {}

  /// Counts `hit` when the question applies (non-nil).
  public mutating func add(_ hit: Bool?) {
    guard let hit else { return }
    count += 1
    if hit { hits += 1 }
  }

  /// The share of yes; nil when the question never applied.
  public var fraction: Double? { count > 0 ? Double(hits) / Double(count) : nil }
}
