import StormSimulator

/// `--located-feed SEED`: a lightning network's strikes over two or three simulated cells
/// (``LocatedNetwork``), as Blitzortung's feed sends them, one JSON object a line, for the
/// end-to-end tests to pipe into `stormrange ingest blitzortung` or publish to a broker. Each line
/// also carries what the feed does not, which stormrange ignores as it ignores any other key: the
/// strike's true position (`true_lat`, `true_lon`) and its cell (`cell`).
struct LocatedFeed {
  var seed: UInt64
  /// Seconds since the epoch at which the last second of the feed ends.
  var end: Double
  /// Seconds of strikes.
  var duration: Double
  /// Where the observer stands, degrees.
  var latitude: Double
  var longitude: Double

  /// The lines, in time order.
  var lines: [String] {
    var random = SimulationRandom(seed: seed, stream: "located feed")
    let network = LocatedNetwork.drawn(duration: duration, using: &random)
    let start = end - duration
    return network.strikes(using: &random).map { strike in
      let reported = strike.reported.geographic(fromLatitude: latitude, longitude: longitude)
      let truth = strike.position.geographic(fromLatitude: latitude, longitude: longitude)
      let nanoseconds = Int64(((start + strike.time) * 1e9).rounded())
      return #"{"lat":\#(reported.latitude),"lon":\#(reported.longitude),"status":0,"region":1,"#
        + #""time":\#(nanoseconds),"true_lat":\#(truth.latitude),"true_lon":\#(truth.longitude),"#
        + #""cell":\#(strike.cell)}"#
    }
  }
}
