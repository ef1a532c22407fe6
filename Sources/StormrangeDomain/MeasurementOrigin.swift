/// How a distance was found: by timing thunder, read off a lightning detector, or from where a
/// lightning network located the strikes.
package enum MeasurementOrigin: Equatable, Hashable, Sendable {
  /// A person timed the thunder after the flash.
  case timed(ThunderTiming)
  /// A detector sensed the flash's radio pulse and reported the range; `source` names it (`as3935`).
  case detector(source: DetectorSource)
  /// A lightning network located a group of strikes (since 1.3); the distance and bearing are its
  /// mean position's from the observer.
  case located(LocatedFix)
}
