import StormrangeDomain

/// The user's choices. Defaults live here, in code; the settings file holds only what was changed.
package struct Settings: Equatable, Sendable {
  /// The settings' names: the keys of `settings.plist` and the words of `set`.
  package enum Key: String, CaseIterable, Sendable {
    case unit
    case temperature
  }

  package var unit: DistanceUnit = .kilometres
  /// Air temperature in °C for new measurements.
  package var temperature: Double = 20

  package init() {}
  package static let defaults = Settings()
}
