/// Where stormrange keeps its files, following the XDG base-directory conventions. Every location is
/// bytes from where it enters (argv, the environment) to the system call, since a file name need
/// not be UTF-8.
package struct StorageLocations: Equatable, Sendable {
  /// The measurement history: `--file`, else `$STORMRANGE_HISTORY`, else
  /// `$XDG_DATA_HOME/stormrange/SavedHistory.plist` (`~/.local/share/…`).
  package var history: SystemPath
  /// The history used without `--file`: `$STORMRANGE_HISTORY`, else the XDG default; the same as
  /// `history` unless `--file` names another. Nil when `--file` is given and the default cannot be
  /// found (no home). An export from any session must not replace it (``KeptFiles``).
  package var defaultHistory: SystemPath?
  /// `$XDG_CONFIG_HOME/stormrange/settings.plist` (`~/.config/…`).
  package var settings: SystemPath
  /// The readline command history: `$XDG_STATE_HOME/stormrange/history` (`~/.local/state/…`).
  package var commandHistory: SystemPath

  /// Finds the locations from `--file` and the environment's variables (as bytes).
  ///
  /// `~` is `$HOME`; when that is unset or empty (a service started without it),
  /// `homeFromPasswordDatabase` is asked: the executable passes the user's entry in the password
  /// database (`getpwuid_r`). Without either, a location that needs the home is refused with
  /// ``NoHomeDirectory`` rather than put under `/`.
  package init(
    historyFlag: SystemPath?, environment: [String: [UInt8]], homeFromPasswordDatabase: () -> [UInt8]?
  ) throws(NoHomeDirectory) {
    var home: [UInt8]??
    func resolveHome() throws(NoHomeDirectory) -> [UInt8] {
      if home == nil {
        home = .some(environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? homeFromPasswordDatabase())
      }
      guard let found = home!, !found.isEmpty else { throw NoHomeDirectory() }
      return found.last == UInt8(ascii: "/") ? Array(found.dropLast()) : found
    }
    /// XDG variables must be absolute paths; others are ignored, as the specification says.
    func base(_ variable: String, _ fallback: String) throws(NoHomeDirectory) -> SystemPath {
      if let value = environment[variable], value.first == UInt8(ascii: "/") {
        return SystemPath(bytes: value)
      }
      return SystemPath(bytes: try resolveHome()) + "/\(fallback)"
    }
    func defaultHistory() throws(NoHomeDirectory) -> SystemPath {
      if let variable = environment["STORMRANGE_HISTORY"], !variable.isEmpty {
        return SystemPath(bytes: variable)
      }
      return try base("XDG_DATA_HOME", ".local/share") + "/stormrange/SavedHistory.plist"
    }
    if let flag = historyFlag, !flag.isEmpty {
      history = flag
      self.defaultHistory = try? defaultHistory()
    } else {
      history = try defaultHistory()
      self.defaultHistory = history
    }
    settings = try base("XDG_CONFIG_HOME", ".config") + "/stormrange/settings.plist"
    commandHistory = try base("XDG_STATE_HOME", ".local/state") + "/stormrange/history"
  }
}
