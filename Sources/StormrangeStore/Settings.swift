import StormrangeDomain

/// The user's choices. Defaults live here, in code; the settings file holds only what was changed.
public struct Settings: Equatable, Sendable {
  /// The settings' names: the keys of `settings.plist` and the words of `set`.
  public enum Key: String, CaseIterable, Sendable {
    case unit
    case temperature
  }

  public var unit: DistanceUnit = .kilometres
  /// Air temperature in °C for new measurements.
  public var temperature: Double = 20

  public init() {}
  public static let defaults = Settings()
}
