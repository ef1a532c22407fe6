/// How a distance was found: by timing thunder, or read off a lightning detector.
package enum MeasurementOrigin: Equatable, Hashable, Sendable {
  /// A person timed the thunder after the flash.
  case timed(ThunderTiming)
  /// A detector sensed the flash's radio pulse and reported the range; `source` names it (`as3935`).
  case detector(source: DetectorSource)
}
