/// How a storm moves, as the nowcast's mixture of models has it (an interacting-multiple-model
/// filter's modes). A storm switches between them at the rates of ``NowcastConstants``.
enum MotionMode: UInt8, Sendable {
  /// Not moving: the centre of the storm only wanders as cells die and new ones grow.
  case atRest
  /// Moving, with a velocity that wanders slowly (``NowcastConstants/steadyVelocityNoise``).
  case steady
  /// Changing speed or direction quickly (``NowcastConstants/manoeuvringVelocityNoise``).
  case manoeuvring
}
