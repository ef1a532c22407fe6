/// Of the cases where a question applies, how many answered yes.
package struct Tally: Equatable, Sendable {
  package private(set) var count = 0
  package private(set) var hits = 0

  package init() {}

  /// Counts `hit` when the question applies (non-nil).
  package mutating func add(_ hit: Bool?) {
    guard let hit else { return }
    count += 1
    if hit { hits += 1 }
  }

  /// The share of yes; nil when the question never applied.
  package var fraction: Double? { count > 0 ? Double(hits) / Double(count) : nil }
}
