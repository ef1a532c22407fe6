/// Chances sorted into bins, each bin's mean chance beside how often the event came: a chance is
/// reliable when, of the storms given about 30 %, about 30 % come (Wilks, *Statistical Methods in the
/// Atmospheric Sciences*, §8.4.4).
package struct ReliabilityTable: Equatable, Sendable {
  /// The bins' edges: narrower near 0 and 1, where a chance's errors matter most for a warning and
  /// where most storms lie.
  package static let edges: [Double] = [0, 0.05, 0.15, 0.30, 0.50, 0.70, 0.85, 0.95, 1]

  package let bins: [ReliabilityBin]

  package init(_ outcomes: [ChanceOutcome], edges: [Double] = Self.edges) {
    bins = zip(edges, edges.dropFirst()).map { ReliabilityBin(lower: $0, upper: $1, of: outcomes) }
  }
}
