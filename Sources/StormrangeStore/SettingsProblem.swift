/// Why the settings file, or one of its keys, could not be used. A bad key falls back to its own
/// default and leaves the other settings as the file gives them; a file that cannot be read as a
/// dictionary falls back to every default.
package struct SettingsProblem: Equatable, Sendable {
  /// The setting whose value could not be used; nil when the whole file could not be.
  package var key: Settings.Key?
  /// What is wrong: `'temperature' is 999 °C, not a plausible air temperature (-60 to 60 °C)`.
  package var description: String

  package init(key: Settings.Key?, _ description: String) {
    self.key = key
    self.description = description
  }
}
