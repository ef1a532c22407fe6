/// Why the settings file, or one of its keys, could not be used. A bad key falls back to its own
/// default and leaves the other settings as the file gives them; a file that cannot be read as a
/// dictionary falls back to every default.
public struct SettingsProblem: Equatable, Sendable {
  /// The setting whose value could not be used; nil when the whole file could not be.
  public var key: Settings.Key?
  /// What is wrong: `'temperature' is 999 °C, not a plausible air temperature (-60 to 60 °C)`.
  public var description: String

  public init(key: Settings.Key?, _ description: String) {
    self.key = key
    self.description = description
  }
}
