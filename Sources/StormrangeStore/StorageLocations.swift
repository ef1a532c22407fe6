/// Where stormrange keeps its files, following the XDG base-directory conventions.
public struct StorageLocations: Equatable, Sendable {
  /// The measurement history: `--file`, else `$STORMRANGE_HISTORY`, else
  /// `$XDG_DATA_HOME/stormrange/SavedHistory.plist` (`~/.local/share/…`). Bytes, since `--file`
  /// names a file as the system does, and that need not be UTF-8.
  public var history: SystemPath
  /// `$XDG_CONFIG_HOME/stormrange/settings.plist` (`~/.config/…`).
  public var settings: String
  /// The readline command history: `$XDG_STATE_HOME/stormrange/history` (`~/.local/state/…`).
  public var commandHistory: String

  public init(historyFlag: SystemPath?, environment: [String: String]) {
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/"
    /// XDG variables must be absolute paths; others are ignored, as the specification says.
    func base(_ variable: String, _ fallback: String) -> String {
      if let value = environment[variable], value.hasPrefix("/") { return value }
      return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/" + fallback
    }
    if let flag = historyFlag, !flag.isEmpty {
      history = flag
    } else if let variable = environment["STORMRANGE_HISTORY"], !variable.isEmpty {
      history = SystemPath(variable)
    } else {
      history = SystemPath(base("XDG_DATA_HOME", ".local/share") + "/stormrange/SavedHistory.plist")
    }
    settings = base("XDG_CONFIG_HOME", ".config") + "/stormrange/settings.plist"
    commandHistory = base("XDG_STATE_HOME", ".local/state") + "/stormrange/history"
  }
}
