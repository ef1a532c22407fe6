/// What measures a storm's flashes.
package enum Instruments: Equatable, Sendable {
  /// The observer's ears: timed thunder, counted or with a stopwatch (``ObserverHabits/timing``).
  case ears
  /// An AS3935 sensor only.
  case as3935
  /// A ±10 % detector only.
  case detector10
  /// An AS3935 while the storm's centre is at least `metres` away, then the observer's ears.
  case as3935ThenEars(metres: Double)
}
