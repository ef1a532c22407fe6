extension RangeObservation {
  /// `measurement` as the estimator sees it: its flash, distance, own uncertainty
  /// (``DistanceUncertainty``), what made it, and bearing.
  package init(_ measurement: Measurement) {
    let sensor: Sensor =
      switch measurement.origin {
      case .timed: .ears
      case .detector(let source):
        source.kind == .as3935 && AS3935.interval(forMetres: measurement.distance) != nil
          ? .as3935 : .detector
      case .located(let fix): .located(strikes: fix.strikes)
      }
    self.init(
      date: measurement.date, distance: measurement.distance,
      uncertainty: DistanceUncertainty.metres(for: measurement), bearing: measurement.bearing?.degrees,
      sensor: sensor)
  }
}
