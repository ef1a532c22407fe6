/// What one kind of sensor's range says of where the storm's centre is: where the first hypotheses
/// may be put, and how likely the range is from a given centre. One type per kind of
/// ``RangeObservation/Sensor``, each with its measurement model and its figures
/// (``NowcastConstants``) together; ``RangeObservation/sensorRange`` is the one place that tells the
/// kinds apart. With a bearing's (``BearingLikelihood``), this is the nowcast's measurement model
/// (``RangeLikelihood``).
protocol SensorRange: Sendable {
  /// The ranges of the centre, metres, a first observation could come from: generous, since the
  /// weights do the rest.
  var seedSpan: (nearest: Double, farthest: Double) { get }

  /// The logarithm of the likelihood of the range, up to a constant, when the storm's strikes
  /// scatter by `scatter` metres (one standard deviation) around a centre whose strikes are
  /// `strike` metres away on average.
  func logLikelihood(strike: Double, scatter: Double) -> Double
}
