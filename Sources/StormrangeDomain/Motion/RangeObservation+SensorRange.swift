extension RangeObservation {
  /// What this observation's range says of the storm, by the kind of sensor that made it: the one
  /// place that tells the kinds apart, so that a new kind is a new case here and a new
  /// ``SensorRange``. A distance marked as an AS3935's that is not one of its steps (which
  /// ``init(_:)`` from a measurement never makes) is read as another detector's.
  var sensorRange: any SensorRange {
    switch sensor {
    case .ears: EarsRange(self)
    case .as3935: AS3935Range(self) ?? DetectorRange(self)
    case .detector: DetectorRange(self)
    case .located(let strikes): LocatedGroupRange(self, strikes: strikes)
    }
  }
}
