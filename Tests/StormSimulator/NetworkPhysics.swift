/// The ranges a simulated lightning network (``LocatedNetwork``) draws its cells and its placing
/// from. ``standard`` is what the cells' rule and its scores are set for; the others each widen one
/// range to the edge of what is plausible, so that a score that holds only at the standard ranges
/// shows it (`stormrange-calibrate --cells N --physics NAME`, docs/science.md "Cells").
package struct NetworkPhysics: Equatable, Sendable {
  /// The name `--physics` takes.
  package let name: String
  /// Metres, one standard deviation east and north, of a cell's strikes about its centre.
  package var strikeScatter: ClosedRange<Double> = 1_000...2_500
  /// Metres, one standard deviation east and north, of the network's error in placing a strike:
  /// drawn for each strike.
  package var placingError: ClosedRange<Double> = 300...2_000
  /// The share of strikes the network detects.
  package var detection: ClosedRange<Double> = 0.7...0.95
  /// Strikes a minute at a cell's peak.
  package var peakRate: ClosedRange<Double> = 20...60
  /// Metres a second: a cell's speed over the ground.
  package var speed: ClosedRange<Double> = 5...20

  /// Blitzortung's dense networks: its published location accuracy is of 0.3–2 km.
  package static let standard = NetworkPhysics(name: "standard")
  /// A network whose stations are sparse, placing strikes up to 4 km off.
  package static let sparseNetwork = NetworkPhysics(name: "sparse-network", placingError: 300...4_000)
  /// Cells whose strikes scatter up to 3.5 km about their centre.
  package static let wideScatter = NetworkPhysics(name: "wide-scatter", strikeScatter: 1_000...3_500)
  /// Weaker cells, less well seen: 40–95 % of strikes detected, 5–30 a minute at the peak.
  package static let weakCells = NetworkPhysics(name: "weak-cells", detection: 0.4...0.95, peakRate: 5...30)
  /// Cells from nearly still to fast, 2–25 m/s.
  package static let wideSpeeds = NetworkPhysics(name: "wide-speeds", speed: 2...25)

  package static let all = [standard, sparseNetwork, wideScatter, weakCells, wideSpeeds]

  package static func named(_ name: String) -> NetworkPhysics? { all.first { $0.name == name } }
}
