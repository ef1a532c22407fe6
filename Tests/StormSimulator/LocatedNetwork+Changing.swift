extension LocatedNetwork {
  /// A network as ``drawn(duration:physics:using:)`` draws it, with two more cells that change how many
  /// there are: one splits off a cell and moves away from it at 6–12 m/s, and one comes in at
  /// 8–15 m/s (relative) and merges into another, ending where it meets it. The truth keeps each
  /// strike's cell, so a split's strikes are the new cell's from its birth, and a merged cell's are
  /// its own until it meets the other.
  package static func drawnChanging(
    duration: Double, physics: NetworkPhysics = .standard, using random: inout SimulationRandom
  ) -> LocatedNetwork {
    var network = drawn(duration: duration, physics: physics, using: &random)
    let parent = network.cells[0]
    let splitAt = random.uniform((duration * 0.3)...(duration * 0.5))
    let away =
      parent.track.velocity(at: splitAt)
      + PlaneVector(length: random.uniform(6...12), bearing: random.uniform(0...360))
    network.cells.append(
      LocatedCell(
        track: StormTrack(
          origin: parent.track.position(at: splitAt) - splitAt * away, speed: away.length,
          heading: away.bearing),
        strikeScatter: random.uniform(physics.strikeScatter), peakRate: random.uniform(physics.peakRate),
        birth: splitAt,
        peak: splitAt + random.uniform(300...900), death: min(duration, splitAt + random.uniform(1800...2700))
      ))
    let host = network.cells[1]
    let meetAt = random.uniform((duration * 0.4)...(duration * 0.7))
    let towards =
      host.track.velocity(at: meetAt)
      + PlaneVector(length: random.uniform(8...15), bearing: random.uniform(0...360))
    let birth = max(0, meetAt - random.uniform(1200...1800))
    network.cells.append(
      LocatedCell(
        track: StormTrack(
          origin: host.track.position(at: meetAt) - meetAt * towards, speed: towards.length,
          heading: towards.bearing),
        strikeScatter: random.uniform(physics.strikeScatter), peakRate: random.uniform(physics.peakRate),
        birth: birth,
        peak: meetAt - random.uniform(60...300), death: meetAt))
    return network
  }
}
