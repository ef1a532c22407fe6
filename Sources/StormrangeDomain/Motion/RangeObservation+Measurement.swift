extension RangeObservation {
  /// `measurement` as the estimator sees it: its flash, distance, own uncertainty
  /// (``DistanceUncertainty``) and bearing.
  public init(_ measurement: Measurement) {
    self.init(
      date: measurement.date, distance: measurement.distance,
      uncertainty: DistanceUncertainty.metres(for: measurement), bearing: measurement.bearing?.degrees)
  }
}
