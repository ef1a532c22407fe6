/// The forms a located strike arrives in, named as `ingest` and `mqtt --subscribe TOPIC=FORMAT`
/// name them (docs/formats.md, "Located strikes").
package enum LocatedFormat: String, CaseIterable, Sendable {
  /// Blitzortung's MQTT feed, as homeassistant-blitzortung receives it on
  /// `blitzortung/1.1/<geohash digits>`: `{"lat":…,"lon":…,"status":…,"region":…,"time":…}`, the
  /// time in nanoseconds since the epoch; other keys ignored.
  case blitzortung
  /// Any other source: `{"time": <ISO 8601 with a zone, or epoch seconds>, "lat": …, "lon": …}`.
  case located

  /// The source recorded for its strikes.
  package var sourceName: String { rawValue }
}
