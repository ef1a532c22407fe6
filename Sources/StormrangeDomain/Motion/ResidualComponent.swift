/// One scalar term of a least-squares fit: how far the model is from a measurement, how sure the
/// measurement is apart from strike scatter, and how the model moves with each parameter.
struct ResidualComponent: Sendable {
  /// Model minus measurement, metres.
  var residual: Double
  /// The measurement's own variance, metres²; the strike scatter's square is added to it.
  var ownVariance: Double
  /// The model's derivative with respect to each parameter.
  var gradient: [Double]
}
