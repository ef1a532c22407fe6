import FoundationEssentials
import StormSimulator
import StormrangeDomain

extension SimulatedMeasurement {
  /// The measurement as stormrange stores it: a timed one from its delay and the temperature
  /// setting (stormrange works out the distance), a detector's reading as reported.
  package var measurement: Measurement {
    let date = Date(timeIntervalSince1970: time)
    let bearing = bearing.flatMap { Bearing(degrees: $0) }
    switch kind {
    case .counted, .stopwatch:
      return Measurement(
        date: date, delay: delay!, temperature: temperatureSetting!, bearing: bearing, note: nil)
    case .as3935, .detector10:
      let name = kind == .as3935 ? DetectorSource.as3935Name : "detector"
      return Measurement(
        date: date, distance: distance!, origin: .detector(source: DetectorSource(name)!), bearing: nil,
        note: nil)
    }
  }
}
